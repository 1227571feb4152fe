/**
 * The server's English texts with parts filled in (`submitted to {provider} as {order}`) as
 * patterns: `{name}` matches any text, `{name:a|b}` one of the words given. A text matches
 * only as a whole.
 */
export interface TextPattern {
  match: RegExp;
  /** the `{name}`s in order: the values of the groups matched */
  names: string[];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function textPattern(template: string): TextPattern {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+(?::[^}]+)?\})/)
    .map((part) => {
      const slot = /^\{(\w+)(?::([^}]+))?\}$/.exec(part);
      if (!slot) return literal(part);
      names.push(slot[1]!);
      return slot[2] ? `(${slot[2]})` : '(.+?)';
    })
    .join('');
  return { match: new RegExp(`^${source}$`, 's'), names };
}

/** The values a text gives a pattern's `{name}`s, or null when it does not match. */
export function valuesOf(pattern: TextPattern, text: string): Record<string, string> | null {
  const found = pattern.match.exec(text);
  if (!found) return null;
  return Object.fromEntries(pattern.names.map((name, index) => [name, found[index + 1]!]));
}

/** Whether a text has parts filled in (a `{name}`). */
export const isTemplate = (text: string): boolean => /\{\w+(?::[^}]+)?\}/.test(text);
