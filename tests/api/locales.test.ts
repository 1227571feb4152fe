import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '#shared/locales.ts';
import { SET_LOCALES } from '#shared/message-sets.ts';

const dir = path.resolve('locales');
/** The interface messages, the landings' own texts, the message sets, the server's. */
const SETS = [
  '',
  'landing',
  'cabinet',
  'cabinet-screens',
  'kept',
  'pages',
  'server',
  'staff',
] as const;
/** The languages a set is written in: all 7, or its own few (the staff console: ru, en). */
const languagesOf = (set: string): readonly string[] =>
  SET_LOCALES[set as keyof typeof SET_LOCALES] ?? LOCALES;
const load = (locale: string, set: (typeof SETS)[number] = ''): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, set, `${locale}.json`), 'utf8'));
const english = load('en');

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string')
      into.add(element.value);
    if ('options' in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe('locales', () => {
  it('has one file per interface language and nothing else', () => {
    expect(readdirSync(dir).sort()).toEqual(
      [
        ...LOCALES.map((l) => `${l}.json`),
        'cabinet',
        'cabinet-screens',
        'kept',
        'landing',
        'pages',
        'server',
        'staff',
      ].sort(),
    );
    for (const set of SETS.filter(Boolean))
      expect(readdirSync(path.join(dir, set)).sort()).toEqual(
        languagesOf(set)
          .map((l) => `${l}.json`)
          .sort(),
      );
  });

  it.each(
    LOCALES.filter((l) => l !== 'en').flatMap((locale) =>
      SETS.filter((set) => languagesOf(set).includes(locale)).map((set) => [locale, set] as const),
    ),
  )('%s has every English key of set "%s", translated, with the same arguments', (locale, set) => {
    const messages = load(locale, set);
    const source = load('en', set);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim()).not.toBe('');
      const expected = [...argumentsOf(parse(source[key]!))].sort();
      expect({ key, args: [...argumentsOf(parse(text))].sort() }).toEqual({
        key,
        args: expected,
      });
    }
  });

  it('keeps the exact English texts of the docs/product.md', () => {
    expect(english['error.notFoundHeading']).toBe('Page not found');
    expect(english['error.notFoundTitle']).toBe('This page could not be found');
    expect(english['error.notFoundText']).toBe(
      'We cannot find the page you requested. It may not be registered yet or does not exist.',
    );
    expect(english['error.backToMain']).toBe('Go back to the main page');
    expect(english['error.withStatus']).toBe('Error {statusCode}');
    expect(english['error.goBack']).toBe('Go back');
    expect(english['error.generic']).toBe('An error occurred');
    expect(english['error.unavailable']).toBe('The service is temporary unavailable');
    const pages = load('en', 'pages');
    expect(pages['thanks.success.title']).toBe('Thanks for your order');
    expect(pages['thanks.error.title']).toBe('Payment failed');
    expect(pages['thanks.error.lead']).toBe(
      'We have received a payment error from your bank. Try another card.',
    );
    expect(pages['thanks.waiting.title']).toBe('Checking your payment');
  });
});
