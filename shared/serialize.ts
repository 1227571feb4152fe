/**
 * JSON for a `<script type="application/json">` block: `<` (and so `</script>` and `<!--`),
 * U+2028 and U+2029 are escaped, so no value can end the script or break a parser.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
