import { CURRENCIES, type Currency } from '#shared/regions.ts';
import { int, matching, ms, oneOf } from './parsers.ts';
import { setting } from './reader.ts';

/** The default secrets key: public, so production refuses it (checks.ts). */
export const PUBLIC_SECRETS_KEY = '0'.repeat(64);

/** The staff console: its session, what a moderator may move, the secrets key. */
export const staff = {
  secretsKey: setting({
    env: 'SECRETS_KEY',
    default: PUBLIC_SECRETS_KEY,
    parse: matching(/^[0-9a-f]{64}$/i, '64 hex digits (32 bytes)'),
    doc: "encrypts staff two-factor secrets and providers' API keys at rest (AES-256-GCM); must be set in production",
  }),
  staffSessionMs: setting({
    env: 'STAFF_SESSION_MS',
    default: 12 * 3_600_000,
    parse: ms(60_000, 7 * 24 * 3_600_000),
    doc: 'how long a staff sign-in (after its two-factor code) lasts',
  }),
  staffQuietMs: setting({
    env: 'STAFF_STUCK_AFTER_MS',
    default: 3_600_000,
    parse: ms(60_000, 7 * 24 * 3_600_000),
    doc: 'a paid or running order with no change this long (or twice its service’s usual time, if longer) shows as stuck on the staff dashboard',
  }),
  moderatorAdjustLimit: setting({
    env: 'STAFF_MODERATOR_ADJUST_LIMIT',
    default: 100_000,
    parse: int(0, 1_000_000_000_000, 'minor units (0 or more)'),
    doc: 'what a moderator may adjust over any 24 hours, and all moderators on one account, in minor units of STAFF_MODERATOR_ADJUST_CURRENCY (each adjustment converted at the stored rates, credits and debits alike); above it an adjustment waits for an admin (admins have no cap)',
  }),
  moderatorAdjustCurrency: setting({
    env: 'STAFF_MODERATOR_ADJUST_CURRENCY',
    default: 'USD' as Currency,
    parse: oneOf(CURRENCIES),
    doc: 'the currency of STAFF_MODERATOR_ADJUST_LIMIT',
  }),
};
