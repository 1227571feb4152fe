import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyView } from '#shared/api-keys.ts';
import type { PublicUser } from '#shared/user.ts';
import type { Db } from '../../db/database.ts';
import { hashSecret } from '../../lib/ids.ts';
import { activeUserById } from '../users/users.service.ts';
import { deleteKey, keyByHash, keyOfUser, markUsed, putKey } from './api-keys.repository.ts';

/** "Last used" is written at most this often per key (a busy panel calls every second). */
const MARK_EVERY_MS = 60_000;

/**
 * Reseller API keys: one per user, shown once when made and stored as a hash;
 * rotating replaces it, revoking removes it. A key acts for its user.
 */
export function createApiKeysService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async view(userId: number): Promise<ApiKeyView | null> {
      const row = await keyOfUser(db, userId);
      return row
        ? {
            prefix: row.prefix,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
            last_used_ip: row.last_used_ip,
          }
        : null;
    },

    /** A new key for the user (the old one stops working); answers the key, once. */
    async create(userId: number): Promise<string> {
      const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      await putKey(db, {
        user_id: userId,
        key_hash: hashSecret(key),
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        created_at: now().toISOString(),
      });
      return key;
    },

    revoke(userId: number): Promise<boolean> {
      return deleteKey(db, userId);
    },

    /** The user a key acts for, or null; notes when and from where it was used. */
    async authenticate(key: unknown, ip: string): Promise<PublicUser | null> {
      if (typeof key !== 'string' || key.length < 10 || key.length > 200) return null;
      const row = await keyByHash(db, hashSecret(key));
      if (!row) return null;
      const at = now();
      const last = row.last_used_at ? Date.parse(row.last_used_at) : 0;
      if (at.getTime() - last >= MARK_EVERY_MS || row.last_used_ip !== ip)
        await markUsed(db, row.id, at.toISOString(), ip);
      // a blocked account's key opens nothing
      return activeUserById(db, row.user_id);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
