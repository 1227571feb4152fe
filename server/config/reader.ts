/**
 * The one reader of settings: a table maps config fields to environment keys, each with its
 * default, its parser and a line of doc. Reading collects every bad value before it fails, so
 * one start names every bad key (docs/configuration.md).
 */

export type Env = Record<string, string | undefined>;

/** Turns a raw value into a setting, or undefined; `expected` ends "KEY=… is not …". */
export type Parser<T> = ((raw: string) => T | undefined) & { readonly expected: string };

export const parser = <T>(expected: string, parse: (raw: string) => T | undefined): Parser<T> =>
  Object.assign((raw: string) => parse(raw), { expected });

/** The values read so far, by environment key: a default may follow an earlier key. */
export type Earlier = Readonly<Record<string, unknown>>;

export interface Setting<T> {
  env: string;
  default: T | ((earlier: Earlier) => T);
  parse: Parser<T>;
  /** What the key is for, in a line. */
  doc: string;
  /** The default as docs/configuration.md writes it, when it is not a plain value. */
  docDefault?: string;
  /** Read only when all these keys are set (an endpoint of an optional integration). */
  when?: readonly string[];
}

type Entry<T, D> = Omit<Setting<T>, 'default'> & { default: D | ((earlier: Earlier) => D) };

/**
 * One table entry. The value's type is the parser's, with null when the default is null;
 * the compiler checks the default against the parser.
 */
export function setting<T>(entry: Entry<T, null>): Setting<T | null>;
export function setting<T>(entry: Entry<T, NoInfer<T>>): Setting<T>;
export function setting(entry: Setting<unknown>): Setting<unknown> {
  return entry;
}

export type Table = { readonly [field: string]: Setting<unknown> | Table };

/** The config a table reads into: the type every loader returns is inferred from here. */
export type Values<T> = {
  -readonly [K in keyof T]: T[K] extends Setting<infer V> ? V : Values<T[K]>;
};

const isSetting = (item: Setting<unknown> | Table): item is Setting<unknown> =>
  typeof item.env === 'string';

/** Every entry of a table, groups included, in reading order. */
export function settingsOf(table: Table): Setting<unknown>[] {
  return Object.values(table).flatMap((item) => (isSetting(item) ? [item] : settingsOf(item)));
}

/** A group whose named fields are all set, else null: an integration needs all its keys. */
export function allSet<G extends object, K extends keyof G>(
  group: G,
  ...fields: K[]
): { [P in keyof G]: P extends K ? NonNullable<G[P]> : G[P] } | null {
  return fields.every((field) => group[field] !== null) ? (group as never) : null;
}

/** A copy of a list, map or record default: no two configs share a mutable default. */
const fresh = (value: unknown) =>
  Array.isArray(value)
    ? [...value]
    : value instanceof Map
      ? new Map(value)
      : value !== null && typeof value === 'object'
        ? { ...value }
        : value;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function envReader(env: Env) {
  const problems: string[] = [];
  const earlier: Record<string, unknown> = {};
  const isSet = (key: string) => Boolean(env[key]?.trim());

  const readSetting = (entry: Setting<unknown>): unknown => {
    let value = typeof entry.default === 'function' ? entry.default(earlier) : fresh(entry.default);
    const raw = env[entry.env]?.trim();
    if (raw && (entry.when ?? []).every(isSet)) {
      const parsed = entry.parse(raw);
      if (parsed === undefined)
        problems.push(`${entry.env}=${JSON.stringify(raw)} is not ${entry.parse.expected}`);
      else value = parsed;
    }
    earlier[entry.env] = value;
    return value;
  };

  const read = <T extends Table>(table: T): Values<T> =>
    Object.fromEntries(
      Object.entries(table).map(([field, item]) => [
        field,
        isSetting(item) ? readSetting(item) : read(item),
      ]),
    ) as Values<T>;

  /** The config, frozen, unless a key or a rule between keys failed (all of them named). */
  const finish = <T extends object>(config: T, crossProblems: string[]): T => {
    problems.push(...crossProblems);
    if (problems.length) throw new ConfigError(problems);
    return Object.freeze(config) as T;
  };

  return { read, isSet, finish };
}
