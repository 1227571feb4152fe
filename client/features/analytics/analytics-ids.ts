/**
 * The ids analytics services expect (docs/product.md §13 cookies): GA's `_ga` (one year,
 * `GA1.1.<random>.<seconds>`, the client id being the last two parts) and Metrika's
 * `_ym_uid` (20 days, `<seconds><random>`), kept by the visitor's browser only.
 */
export const ANALYTICS_COOKIES = {
  ga: { name: '_ga', maxAgeMs: 365 * 86_400_000 },
  ym: { name: '_ym_uid', maxAgeMs: 20 * 86_400_000 },
} as const;

/** docs/product.md §13: session attribution (utm, referrer) lasts this many sessions. */
export const ATTRIBUTION_SESSIONS = 3;

const digits = (random: () => number, count: number) =>
  String(Math.floor(random() * 10 ** count)).padStart(count, '0');

/** The GA client id of a `_ga` value, or null when it is not one. */
export function gaClientIdOf(cookie: string | undefined): string | null {
  const match = /^GA\d\.\d+\.(\d+\.\d+)$/.exec(cookie ?? '');
  return match ? match[1]! : null;
}

export function newGaCookie(now: number, random: () => number = Math.random): string {
  return `GA1.1.${digits(random, 9)}.${Math.floor(now / 1000)}`;
}

export function ymUidOf(cookie: string | undefined): string | null {
  return /^\d{16,20}$/.test(cookie ?? '') ? cookie! : null;
}

export function newYmUid(now: number, random: () => number = Math.random): string {
  return `${Math.floor(now / 1000)}${digits(random, 9)}`;
}

export interface Attribution {
  source: string;
  medium: string;
  campaign: string | null;
  /** sessions this attribution still counts for */
  sessionsLeft: number;
}

/**
 * Where this session came from: utm tags win, then another site's referrer; a new one
 * replaces the kept one, else the kept one counts one session less until it runs out.
 */
export function attributionOf(
  url: URL,
  referrer: string,
  kept: Attribution | null,
  newSession: boolean,
): Attribution | null {
  const utm = url.searchParams.get('utm_source');
  if (utm)
    return {
      source: utm.slice(0, 100),
      medium: (url.searchParams.get('utm_medium') ?? 'none').slice(0, 100),
      campaign: url.searchParams.get('utm_campaign')?.slice(0, 100) ?? null,
      sessionsLeft: ATTRIBUTION_SESSIONS,
    };
  let from: URL | null = null;
  try {
    from = referrer ? new URL(referrer) : null;
  } catch {
    from = null;
  }
  if (from && from.host !== url.host)
    return {
      source: from.hostname,
      medium: 'referral',
      campaign: null,
      sessionsLeft: ATTRIBUTION_SESSIONS,
    };
  if (!kept || !newSession) return kept;
  return kept.sessionsLeft > 1 ? { ...kept, sessionsLeft: kept.sessionsLeft - 1 } : null;
}
