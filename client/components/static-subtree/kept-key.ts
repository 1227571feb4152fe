/**
 * A kept subtree's key is its content's name and a hash of its props' JSON (kept-subtree.tsx):
 * the props are everything the content renders from, so the key is derived, never a list of
 * what the content reads kept by hand. The JSON keeps the props' own key order: two objects
 * that list the same entries in another order may render another order, so they are two keys.
 */

/**
 * The props as JSON, refusing what JSON would change or drop without a word (a Date becomes a
 * string, a function or a symbol vanishes, NaN becomes null): the content must get back what
 * it was given, or the key would not say what it renders. For valid props it is the string
 * JSON.stringify makes, which is what the browser computes (it ships no check); the server
 * checks each new key's props (server/ssr/subtree-cache.ts), and the contents' tests do.
 */
export function propsJson(props: object): string {
  return JSON.stringify(props, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw === undefined && !Array.isArray(this)) return value;
    if (raw === null || typeof raw === 'string' || typeof raw === 'boolean') return value;
    if (typeof raw === 'number' && Number.isFinite(raw)) return value;
    if (typeof raw === 'object') {
      const proto = Object.getPrototypeOf(raw);
      if (Array.isArray(raw) || proto === Object.prototype || proto === null) return value;
    }
    throw new TypeError(`A kept content's props are plain data; "${key}" is not`);
  });
}

/** cyrb53: a 53-bit hash of a string, in base 36 (~11 characters). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The key of a content's props (their JSON, propsJson): `footer.1x2y3z…`. */
export const keptKey = (name: string, json: string): string => `${name}.${hash53(json)}`;
