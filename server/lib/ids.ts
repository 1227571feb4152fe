import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token (256 bits); only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token or a one-time code: its SHA-256, never the secret itself. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random code of unambiguous letters and digits (reset codes, referral codes). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The public id of an order, a payment or an async intake: 20 such characters (~116 bits),
 * unguessable, because a receipt link works as the key to its order.
 */
export function newPublicId(): string {
  return randomCode(20);
}
