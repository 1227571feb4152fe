import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import {
  checkTargetUrl,
  guardedLookup,
  type Resolver,
  systemResolver,
  type TargetRefusal,
} from '../../lib/public-address.ts';
import type { Transport } from './smm-provider.ts';

/** Why a provider's URL is refused before any connection: the address rules, or plain http. */
export type ProviderUrlRefusal = TargetRefusal | 'https';

export interface ProviderUrlPolicy {
  /** private, loopback and link-local addresses may be reached (PROVIDER_ALLOW_PRIVATE) */
  allowPrivate: boolean;
  /** only https (production); not applied while private addresses are allowed */
  requireHttps: boolean;
}

/**
 * A provider URL typed in by staff: what `checkTargetUrl` allows (http(s), no credentials, not
 * a private IP literal nor a localhost name), and https only where it is required.
 */
export function checkProviderUrl(
  raw: string,
  { allowPrivate, requireHttps }: ProviderUrlPolicy,
): { url: URL } | { refused: ProviderUrlRefusal } {
  const checked = checkTargetUrl(raw, { allowPrivate });
  if ('refused' in checked) return checked;
  if (requireHttps && !allowPrivate && checked.url.protocol !== 'https:')
    return { refused: 'https' };
  return checked;
}

/** The call was refused before anything was sent: its URL is not one providers may have. */
export class ProviderTargetRefused extends Error {
  readonly code = 'EREFUSEDTARGET';
  readonly refusal: ProviderUrlRefusal;

  constructor(refusal: ProviderUrlRefusal) {
    super(`refused: ${refusal} target`);
    this.name = 'ProviderTargetRefused';
    this.refusal = refusal;
  }
}

/**
 * Codes of the errors the guard refuses a call with (nothing was sent: smm-provider.ts counts
 * such a call as not placed).
 */
const REFUSED_TARGET_CODES: ReadonlySet<string> = new Set(['EREFUSEDTARGET', 'EPRIVATEADDRESS']);

/** Whether an error, or one of its causes, is the guard's refusal of the target. */
export function isRefusedTarget(error: unknown): boolean {
  for (let at = error, depth = 0; at && depth < 5; depth += 1) {
    const { code, cause } = at as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && REFUSED_TARGET_CODES.has(code)) return true;
    at = cause;
  }
  return false;
}

/** A provider's answer larger than this (once decompressed) is not read. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const timeoutError = (timeoutMs: number) =>
  Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: 'TimeoutError' });

function decoded(response: http.IncomingMessage): NodeJS.ReadableStream {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  return response;
}

/**
 * The transport of providers whose URL staff typed in (the `providers` table), SSRF-safe as
 * the webhooks' sender is (docs/api.md, Providers): the URL is checked on every call, a name
 * is resolved and each of its addresses checked at connection time (`guardedLookup`, the
 * connection uses the checked address), a redirect is a failure and never followed (the key is
 * not sent anywhere else), and the whole call, the answer's body included, ends after
 * `timeoutMs` with a `TimeoutError`. A refused target fails with `ProviderTargetRefused` or
 * `PrivateAddressError` before anything is sent.
 */
export function guardedTransport({
  allowPrivate,
  requireHttps,
  resolve = systemResolver,
}: ProviderUrlPolicy & { resolve?: Resolver }): Transport {
  const lookup = guardedLookup(resolve, { allowPrivate });
  return (target, form, timeoutMs) => {
    const checked = checkProviderUrl(target, { allowPrivate, requireHttps });
    if ('refused' in checked) return Promise.reject(new ProviderTargetRefused(checked.refused));
    const { url } = checked;
    const body = form.toString();
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolveAnswer, rejectAnswer) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const fail = (error: Error) => {
        settle(() => rejectAnswer(error));
        request.destroy();
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup,
          agent: false,
          headers: {
            accept: 'application/json',
            'accept-encoding': 'gzip, deflate, br',
            'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
            'content-length': String(Buffer.byteLength(body)),
            connection: 'close',
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            response.resume();
            fail(new Error(`redirect refused (HTTP ${status})`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          const stream = decoded(response);
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) fail(new Error('answer too large'));
            else chunks.push(chunk);
          });
          stream.on('end', () =>
            settle(() => resolveAnswer({ status, body: Buffer.concat(chunks).toString('utf8') })),
          );
          stream.on('error', (error: Error) => fail(error));
          response.on('error', (error: Error) => fail(error));
          response.on('close', () => {
            if (!response.complete) fail(new Error('answer cut short'));
          });
        },
      );
      const timer = setTimeout(() => fail(timeoutError(timeoutMs)), timeoutMs);
      request.on('error', (error: Error) => fail(error));
      request.end(body);
    });
  };
}
