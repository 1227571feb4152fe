import { readFileSync } from 'node:fs';
import { type Setting, settingsOf } from './reader.ts';
import { SERVER_SETTINGS } from './server.ts';
import { simulatorServer } from './simulator.ts';
import { tools } from './tools.ts';

/** docs/configuration.md names every key of the tables with its default, and no other key. */

const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

/** The rows of the doc's tables whose first cell names keys: the keys and the default cell. */
const rows = doc
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
  .map(([, keys = '', fallback = '']) => ({
    keys: [...keys.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!),
    fallback,
  }))
  .filter((row) => row.keys.length > 0);

const settings = new Map<string, Setting<unknown>>(
  [SERVER_SETTINGS, simulatorServer, tools].flatMap(settingsOf).map((entry) => [entry.env, entry]),
);

/** The default as the doc writes it: `value`, or none for no value. */
function documented(entry: Setting<unknown>): string {
  if (entry.docDefault) return entry.docDefault;
  const value = entry.default;
  if (value === null || (Array.isArray(value) && !value.length)) return 'none';
  if (value instanceof Map && !value.size) return 'none';
  if (['string', 'number', 'boolean'].includes(typeof value)) return `\`${String(value)}\``;
  throw new Error(`${entry.env}: give it a docDefault, as the doc writes its default`);
}

describe('docs/configuration.md', () => {
  it('has the tables it is checked against', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect(settings.size).toBeGreaterThan(80);
  });

  it.each([...settings.keys()])('names %s with its default', (key) => {
    const naming = rows.filter((row) => row.keys.includes(key));
    expect(naming).not.toEqual([]);
    for (const row of naming) {
      // a row of several keys gives one shared default, or one per key in their order
      const defaults = [...new Set(row.keys.map((name) => documented(settings.get(name)!)))];
      expect(`${row.keys.join(', ')}: ${row.fallback}`).toBe(
        `${row.keys.join(', ')}: ${defaults.join(', ')}`,
      );
    }
  });

  it('names no key that no table reads', () => {
    const unknown = rows.flatMap((row) => row.keys).filter((key) => !settings.has(key));
    expect(unknown).toEqual([]);
  });

  it('writes each default that is a value as the raw setting that parses to it', () => {
    for (const entry of settings.values()) {
      const raw = /^`([^`]*)`$/.exec(entry.docDefault ?? '')?.[1];
      if (raw === undefined || typeof entry.default === 'function') continue;
      expect([entry.env, entry.parse(raw)]).toEqual([entry.env, entry.default]);
    }
  });
});
