import {
  currencyOfCountry,
  defaultCurrency,
  isGdprCountry,
  legalRegionFor,
  REGION_BY_CURRENCY,
  regionOfCountry,
} from './regions.ts';

describe('regions (docs/product.md §13)', () => {
  it('maps currencies to regions', () => {
    expect(REGION_BY_CURRENCY).toEqual({ EUR: 'EUROPE', RUB: 'CIS', USD: 'USA' });
  });

  it('prices CIS countries in roubles, the euro area in euros, the rest in dollars', () => {
    expect(currencyOfCountry('RU')).toBe('RUB');
    expect(currencyOfCountry('KZ')).toBe('RUB');
    expect(currencyOfCountry('DE')).toBe('EUR');
    expect(currencyOfCountry('US')).toBe('USD');
    expect(currencyOfCountry('UNKNOWN')).toBe('USD');
    expect(regionOfCountry('BY')).toBe('CIS');
    expect(regionOfCountry('FR')).toBe('EUROPE');
    expect(regionOfCountry('BR')).toBe('USA');
  });

  it('treats EU members and unknown countries as GDPR countries', () => {
    expect(isGdprCountry('DE')).toBe(true);
    expect(isGdprCountry('UNKNOWN')).toBe(true);
    expect(isGdprCountry('CH')).toBe(false);
    expect(isGdprCountry('US')).toBe(false);
    expect(isGdprCountry('GB')).toBe(false);
  });

  it('defaults to RUB for ru and USD for every other locale', () => {
    expect(defaultCurrency('ru')).toBe('RUB');
    for (const locale of ['en', 'de', 'es', 'it', 'pt', 'tr'] as const)
      expect(defaultCurrency(locale)).toBe('USD');
  });

  it('chooses the legal-page region for a visitor', () => {
    expect(legalRegionFor('ru', 'CIS')).toBe('cis-and-ua');
    expect(legalRegionFor('en', 'CIS')).toBe('ru-en');
    expect(legalRegionFor('de', 'EUROPE')).toBe('world');
  });
});
