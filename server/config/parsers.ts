import { type Parser, parser } from './reader.ts';

/** The parsers the tables share; each names what it expected in the error message. */

export const int = (min: number, max: number, expected: string): Parser<number> =>
  parser(expected, (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  });

export const ms = (min: number, max: number) => int(min, max, `milliseconds (${min}-${max})`);

export const count = (max: number) => int(0, max, 'a count (0 turns it off)');

export const share = parser('a share from 0 to 1', (raw) => {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
});

const asBool = (raw: string) =>
  ['true', '1', 'yes'].includes(raw)
    ? true
    : ['false', '0', 'no'].includes(raw)
      ? false
      : undefined;

export const bool = parser('true or false', asBool);

export const oneOf = <T extends string>(values: readonly T[]) =>
  parser(`one of ${values.join(', ')}`, (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined,
  );

/** Any non-empty text (the reader never passes an empty one). */
export const text = (expected: string) => parser(expected, (raw) => raw);

export const matching = (pattern: RegExp, expected: string) =>
  parser(expected, (raw) => (pattern.test(raw) ? raw : undefined));

/** An http(s) origin (no path). */
export const originOf = (raw: string) => {
  try {
    const parsed = new URL(raw);
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.pathname === '/'
      ? parsed.origin
      : undefined;
  } catch {
    return undefined;
  }
};

export const origin = (expected: string) => parser(expected, originOf);

/** Any http(s) URL. */
export const httpUrl = parser('an http(s) URL', (raw) => {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol) ? raw : undefined;
  } catch {
    return undefined;
  }
});

/** Express 'trust proxy': false, true, a hop count, or a list of addresses/subnets. */
export const trust = parser(
  'true, false, a hop count or a list of addresses',
  (raw): boolean | number | string[] | undefined => {
    const flag = asBool(raw);
    if (flag !== undefined) return flag;
    if (/^\d+$/.test(raw)) return Number(raw);
    const list = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    return list.length ? list : undefined;
  },
);

/** CSP sources: `https://a.example`, `https://*.a.example:8443`, `wss:` … (no keywords). */
export function cspSources(raw: string): string[] | undefined {
  const list = raw.split(/\s+/).filter(Boolean);
  const source =
    /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?(?:\/[\w./-]*)?$|^(?:https|wss|data|blob):$/i;
  return list.length <= 20 && list.every((item) => source.test(item)) ? list : undefined;
}

/** `example.ru:12345678;*:87654321` → host → counter; undefined when malformed. */
export function parseCounters(raw: string): Map<string, string> | undefined {
  const counters = new Map<string, string>();
  for (const part of raw
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(\*|[a-z0-9.-]+):(\d{1,12})$/i.exec(part);
    if (!match) return undefined;
    counters.set(match[1]!.toLowerCase(), match[2]!);
  }
  return counters.size ? counters : undefined;
}

/** `RUB:1000,USD:15` → { RUB: 1000, USD: 15 }; undefined when malformed. */
export function parseAmounts(raw: string): Record<string, number> | undefined {
  const amounts: Record<string, number> = {};
  for (const part of raw.split(',').map((item) => item.trim())) {
    const match = /^([A-Z]{3}):(\d+(?:\.\d{1,2})?)$/.exec(part);
    if (!match) return undefined;
    amounts[match[1]!] = Number(match[2]);
  }
  return amounts;
}

/**
 * docs/product.md §2 meta-platform restriction per domain: on these hosts, visitors from these
 * countries ('*': all) see no Instagram or Threads pages.
 */
export interface MetaRule {
  domain: string;
  countries: string[];
}

/** `example.ru:RU,BY;shop.example:*` → rules; undefined when malformed. */
export function parseMetaRules(raw: string): MetaRule[] | undefined {
  const rules: MetaRule[] = [];
  for (const part of raw
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9.-]+):(\*|[A-Z]{2}(?:,[A-Z]{2})*)$/.exec(part);
    if (!match) return undefined;
    rules.push({ domain: match[1]!, countries: match[2]!.split(',') });
  }
  return rules;
}
