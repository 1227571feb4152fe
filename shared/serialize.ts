const UNSAFE = /[<\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a `<script type="application/json">` block: `<` (and so `</script>` and `<!--`),
 * U+2028 and U+2029 are escaped, so no value can end the script or break a parser.
 */
export function serializeForScript(value: unknown): string {
  // one pass over the JSON (a page's state is ~10 KB, serialised per render)
  return JSON.stringify(value).replace(UNSAFE, (char) => ESCAPES[char]!);
}
