import { createIntl } from '@formatjs/intl';
import type { IntlShape } from 'react-intl';
import { CURRENCIES } from '#shared/regions.ts';
import { formatMoney } from './money.ts';

const intlOf = (locale: string) => createIntl({ locale, messages: {} }) as unknown as IntlShape;

describe('formatMoney', () => {
  it('writes whole amounts without decimals and the rest with two', () => {
    expect(formatMoney(intlOf('ru'), 18_500, 'RUB')).toBe('185\u00a0₽');
    expect(formatMoney(intlOf('en'), 699, 'USD')).toBe('$6.99');
    expect(formatMoney(intlOf('en'), 1_234_500, 'USD')).toBe('$12,345');
  });

  it('formats as the language does, each language and currency with its own formatter', () => {
    const amounts = [0, 5, 99, 100, 18_550, 1_000_000, 123_456_789];
    for (const locale of ['ru', 'en', 'de', 'es', 'it', 'pt', 'tr'])
      for (const currency of CURRENCIES)
        for (const minor of amounts) {
          const whole = minor % 100 === 0;
          expect(formatMoney(intlOf(locale), minor, currency)).toBe(
            new Intl.NumberFormat(locale, {
              style: 'currency',
              currency,
              currencyDisplay: 'narrowSymbol',
              minimumFractionDigits: whole ? 0 : 2,
              maximumFractionDigits: 2,
            }).format(minor / 100),
          );
        }
  });
});
