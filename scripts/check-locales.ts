/**
 * `npm run locales:check` (also the last step of `npm run lint`): every language has every
 * English key, and each message uses the same ICU arguments. The same rules run in the test
 * suite (tests/api/locales.test.ts). A set written in fewer languages (shared/message-sets.ts
 * SET_LOCALES: the staff console's, ru and en) has exactly those files; the other languages
 * read its English one. Then every message id the client renders is defined in the messages
 * its pages load (scripts/message-usage.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '#shared/locales.ts';
import { SET_LOCALES } from '#shared/message-sets.ts';
import { checkMessageUsage, describeProblem, repoRoots } from './message-usage.ts';

/** The interface messages, the landings' own texts, the message sets, the server's. */
const SETS = [
  'locales',
  'locales/landing',
  'locales/cabinet',
  'locales/cabinet-screens',
  'locales/kept',
  'locales/pages',
  'locales/server',
  'locales/staff',
];
/** The languages a folder of messages is written in. */
const languagesOf = (set: string): readonly string[] =>
  SET_LOCALES[set.replace(/^locales\/?/, '') as keyof typeof SET_LOCALES] ?? LOCALES;
const read = (set: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`${set}/${locale}.json`, 'utf8'));
let problems = 0;
let count = 0;
for (const set of SETS)
  for (const locale of LOCALES)
    if (existsSync(`${set}/${locale}.json`) !== languagesOf(set).includes(locale)) {
      console.error(
        `${set}/${locale}.json: ${languagesOf(set).includes(locale) ? 'missing' : 'not expected (this set falls back to en)'}`,
      );
      problems += 1;
    }
for (const [set, locale] of SETS.flatMap((set) =>
  languagesOf(set).map((locale) => [set, locale]),
)) {
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
const usage = checkMessageUsage('.', repoRoots('.'));
for (const problem of usage) console.error(describeProblem(problem));
problems += usage.length;
if (problems) {
  console.error(`${problems} problem(s)`);
  process.exit(1);
}
console.warn(
  `locales: ${LOCALES.length} languages × ${count} messages, all present; every id the client renders is defined`,
);
