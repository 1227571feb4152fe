/** What stands in for a secret in the logs. */
export const REDACTED = '[redacted]';

/**
 * Path segments that work as keys (docs/architecture.md): a reset code, and the public ids of orders,
 * payments and intakes, whose links open receipts. The segment after the matched prefix is
 * replaced; the words the API uses at the same place (`main`, `async`, `methods` …) are kept.
 */
const KEY_SEGMENTS: { after: RegExp; keep?: ReadonlySet<string> }[] = [
  { after: /^(?:\/[a-z]{2})?\/reset\/$/ },
  { after: /^\/api\/c_orders\/$/, keep: new Set(['main', 'async', 'average_time']) },
  { after: /^\/api\/c_orders\/async\/$/ },
  { after: /^\/api\/payment\/$/, keep: new Set(['methods']) },
  { after: /^\/sandbox\/checkout\/$/ },
];

/** Query parameters whose values are secrets or keys (the reseller API's `key` above all). */
const KEY_PARAMS = new Set([
  'key',
  'token',
  'code',
  'state',
  'password',
  'secret',
  'payment',
  'order',
  'idempotency_key',
]);

/**
 * A URL as the access log writes it: keys in the path and the query replaced by
 * `[redacted]`, the rest as sent (the log wrote reset codes and receipt ids).
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at >= 0 ? url.slice(0, at) : url;
  const query = at >= 0 ? url.slice(at + 1) : null;
  const segments = path.split('/');
  for (let index = 1; index < segments.length; index++) {
    const before = `${segments.slice(0, index).join('/')}/`;
    const segment = segments[index]!;
    if (!segment) continue;
    const rule = KEY_SEGMENTS.find((entry) => entry.after.test(before));
    if (rule && !rule.keep?.has(segment)) segments[index] = REDACTED;
  }
  const redactedPath = segments.join('/');
  if (query === null) return redactedPath;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a name that does not decode is kept as sent
      }
      return KEY_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${redactedQuery}`;
}
