/**
 * `npm run locales:check`: every language has every English key, and each message uses the
 * same ICU arguments. The same rules run in the test suite (tests/api/locales.test.ts).
 */
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '../shared/locales.ts';

/** The interface messages, the service pages' own questions, the message sets, the server's. */
const SETS = [
  'locales',
  'locales/faq',
  'locales/cabinet',
  'locales/cabinet-screens',
  'locales/pages',
  'locales/server',
];
const read = (set: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`${set}/${locale}.json`, 'utf8'));
let problems = 0;
let count = 0;
for (const [set, locale] of SETS.flatMap((set) => LOCALES.map((locale) => [set, locale]))) {
  const english = read(set!, 'en');
  const messages = read(set!, locale!);
  if (locale === 'en') count += Object.keys(english).length;
  for (const key of Object.keys(english)) {
    if (!(key in messages)) {
      console.error(`${set}/${locale}: missing ${key}`);
      problems += 1;
      continue;
    }
    try {
      parse(messages[key]!);
    } catch (error) {
      console.error(`${set}/${locale}: ${key} is not valid ICU: ${(error as Error).message}`);
      problems += 1;
    }
  }
  for (const key of Object.keys(messages)) {
    if (!(key in english)) {
      console.error(`${set}/${locale}: ${key} is not in en.json`);
      problems += 1;
    }
  }
}
if (problems) {
  console.error(`${problems} problem(s)`);
  process.exit(1);
}
console.warn(`locales: ${LOCALES.length} languages × ${count} messages, all present`);
