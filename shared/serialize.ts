const UNSAFE = /[<\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

const escapeForScript = (json: string) => json.replace(UNSAFE, (char) => ESCAPES[char]!);

/** Values whose escaped JSON is made once (serializedOnce). */
const madeOnce = new WeakMap<object, string>();
/** Stands in for such a value while the rest is stringified (no control character is data). */
const STAND_IN = '\u0000once\u0000';
const STAND_IN_JSON = JSON.stringify(STAND_IN);

/**
 * Marks a value that never changes once made, such as the catalogue's memoised views that
 * every render of a landing carries (about 9 KB): its JSON is made here, once, and each page
 * state that holds it reuses it instead of stringifying and escaping it again.
 */
export function serializedOnce<T extends object>(value: T): T {
  if (!madeOnce.has(value)) madeOnce.set(value, escapeForScript(JSON.stringify(value)));
  return value;
}

/**
 * JSON for a `<script type="application/json">` block: `<` (and so `</script>` and `<!--`),
 * U+2028 and U+2029 are escaped, so no value can end the script or break a parser.
 */
export function serializeForScript(value: unknown): string {
  const made: string[] = [];
  const json = JSON.stringify(value, (_key, part: unknown) => {
    const known = typeof part === 'object' && part !== null ? madeOnce.get(part) : undefined;
    if (known === undefined) return part;
    made.push(known);
    return STAND_IN;
  });
  const escaped = escapeForScript(json);
  if (made.length === 0) return escaped;
  const pieces = escaped.split(STAND_IN_JSON);
  // a text that reads as the stand-in itself: no shortcut for this value
  if (pieces.length !== made.length + 1) return escapeForScript(JSON.stringify(value));
  let out = pieces[0]!;
  for (let i = 0; i < made.length; i++) out += made[i]! + pieces[i + 1]!;
  return out;
}
