/**
 * Characters no text of ours may hold: NUL (PostgreSQL refuses it in text, SQLite cuts at
 * it), the other C0 controls but tab, line feed and carriage return, and DEL. Line breaks stay
 * allowed (multi-line fields: links of a `_MULTI` order, comments); single-line fields refuse
 * them by their own patterns.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when a string anywhere in `value` (keys included, 32 levels deep) holds one. */
export function hasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => hasControlChars(item, depth + 1));
  for (const [key, item] of Object.entries(value))
    if (CONTROL_CHARS.test(key) || hasControlChars(item, depth + 1)) return true;
  return false;
}

/** The first top-level field of a body that holds one (a key itself: `_`), or null. */
export function fieldWithControlChars(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return hasControlChars(body) ? '_' : null;
  for (const [key, item] of Object.entries(body)) {
    if (CONTROL_CHARS.test(key)) return '_';
    if (hasControlChars(item)) return key;
  }
  return null;
}
