/**
 * docs/product.md §12 Redirect paths: only an internal path of safe characters may be a place to return
 * to after login. Refuses anything that a browser could read as another origin or a scheme:
 * '//host', '/\host', encoded slashes or backslashes, control characters, 'javascript:' …
 */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!SAFE_PATH.test(value)) return false;
  let decoded = value;
  // decode repeatedly: '%252f' is '%2f' is '/'
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // control characters (CR/LF would split headers) and backslashes
  if (
    [...decoded].some(
      (char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\',
    )
  ) {
    return false;
  }
  if (/^\/[/\\]/.test(decoded)) return false;
  // whatever a URL parser makes of it, it must stay on our origin
  const base = 'https://same.origin.invalid';
  try {
    return new URL(value, base).origin === base && new URL(decoded, base).origin === base;
  } catch {
    return false;
  }
}
