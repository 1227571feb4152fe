import { createIntl } from 'react-intl';
import { compileMessages, compileMessagesForBrowser } from '#shared/compile-messages.ts';
import type { Locale } from '#shared/locales.ts';
import { expandMessages, intlFor, intlWithSets, messageOr, registerMessageSet } from './intl.ts';

const RAW = {
  plain: 'Buy likes',
  apostrophe: "Don't wait: it's '{'fast'}'",
  count: '{n, plural, one {# order} other {# orders}}',
  money: 'Balance: {amount}',
  select: '{kind, select, likes {Likes} other {Something}}',
  tag: 'Read the <b>terms</b>',
};
const compiled = compileMessages(RAW);
const values = { n: 3, amount: '$5', kind: 'likes', b: (chunks: unknown) => `[${chunks}]` };

describe('compiled messages', () => {
  it('a plain text is one literal; anything with ICU syntax is parsed', () => {
    expect(compiled.plain).toEqual([{ type: 0, value: 'Buy likes' }]);
    expect(compiled.count!.length).toBeGreaterThan(0);
    expect(compiled.count![0]!.type).toBe(6); // plural
  });

  it("the browser's form keeps plain texts as strings and makes them literals on load", () => {
    const shipped = compileMessagesForBrowser(RAW);
    expect(shipped.plain).toBe('Buy likes');
    expect(Array.isArray(shipped.count)).toBe(true);
    expect(expandMessages(shipped)).toEqual(compiled);
    // a source string with ICU syntax (no messages plugin) is left for the parser
    expect(expandMessages(RAW).count).toBe(RAW.count);
  });

  it.each(Object.keys(RAW))('%s formats as its source text does', (id) => {
    const fromSource = createIntl({ locale: 'en', messages: RAW });
    // each test asks for its own locale object: intlFor keeps one intl per language
    const fromCompiled = intlFor('de' as Locale, compiled);
    const format = (intl: typeof fromSource) => String(intl.formatMessage({ id }, values));
    expect(format(fromCompiled)).toBe(format(fromSource));
  });
});

describe('the intl of a language', () => {
  it("reuses a message's format across calls, with each call's own values", () => {
    const intl = intlFor('es' as Locale, compiled);
    const formatters = intl.formatters;
    const first = formatters.getMessageFormat(compiled.count!, 'es', {}, { formatters });
    // FormattedMessage passes { ignoreTag: undefined }: the same format
    const again = formatters.getMessageFormat(compiled.count!, 'es', {}, {
      formatters,
      ignoreTag: undefined,
    } as never);
    expect(again).toBe(first);
    // found by the message itself, not by a JSON key built per call: an equal copy is a stranger
    const copy = structuredClone(compiled.count!);
    expect(
      formatters.getMessageFormat(copy, 'es', {}, { formatters, ignoreTag: undefined } as never),
    ).not.toBe(first);
    expect(intl.formatMessage({ id: 'count' }, { n: 1 })).toBe('1 order');
    expect(intl.formatMessage({ id: 'count' }, { n: 2 })).toBe('2 orders');
    // another message has a format of its own
    expect(formatters.getMessageFormat(compiled.money!, 'es', {}, { formatters })).not.toBe(first);
  });

  it('messageOr: the message when the language has it, else the text as it is', () => {
    const intl = intlFor('it' as Locale, compiled);
    expect(messageOr(intl, 'plain', 'x')).toBe('Buy likes');
    expect(messageOr(intl, 'missing', 'ig_likes {1}')).toBe('ig_likes {1}');
  });
});

describe('message sets (chunks a layout loads with its screens)', () => {
  it("a layout's intl has its sets once they are all here, and only its own", () => {
    const base = compileMessages({ plain: 'Buy likes' });
    const sets = ['cabinet', 'pages'] as const;
    expect(intlWithSets('pt', base, sets)).toBeNull();
    registerMessageSet('cabinet', 'pt', compileMessages({ 'cp.title': 'Painel' }));
    // half of them is not enough: the layout keeps the page's intl
    expect(intlWithSets('pt', base, sets)).toBeNull();
    registerMessageSet('pages', 'pt', compileMessages({ 'auth.title': 'Entrar' }));
    const intl = intlWithSets('pt', base, sets)!;
    expect(intl.formatMessage({ id: 'plain' })).toBe('Buy likes');
    expect(intl.formatMessage({ id: 'cp.title' })).toBe('Painel');
    expect(intl.formatMessage({ id: 'auth.title' })).toBe('Entrar');
    // made once per language and sets, as long as the page's messages are the same
    expect(intlWithSets('pt', base, sets)).toBe(intl);
    expect(intlWithSets('pt', compileMessages({ plain: 'x' }), sets)).not.toBe(intl);
    const pagesOnly = intlWithSets('pt', base, ['pages'])!;
    expect(pagesOnly.messages['auth.title']).toBeDefined();
    expect(pagesOnly.messages['cp.title']).toBeUndefined();
  });
});
