import type { Locale } from './locales.ts';

/** Currencies and regions of docs/product.md §1 and §13. */
export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, string> = { RUB: '₽', USD: '$', EUR: '€' };

export type Region = 'EUROPE' | 'CIS' | 'USA';
export const REGION_BY_CURRENCY: Record<Currency, Region> = {
  EUR: 'EUROPE',
  RUB: 'CIS',
  USD: 'USA',
};

/** Country code used when GeoIP knows nothing (private address, unknown range). */
export const UNKNOWN_COUNTRY = 'UNKNOWN';

export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/** GDPR applies to EU members and to visitors whose country is unknown. */
export const GDPR_COUNTRIES: readonly string[] = [...EU_COUNTRIES, UNKNOWN_COUNTRY];

/** Countries priced in roubles: Russia and the CIS. */
export const CIS_COUNTRIES = ['RU', 'BY', 'KZ', 'KG', 'AM', 'AZ', 'MD', 'TJ', 'UZ', 'TM', 'UA'];

/** The rest of the euro area's neighbours pay in euros as well. */
const EURO_COUNTRIES = [
  ...EU_COUNTRIES,
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
  'CH',
  'NO',
  'IS',
  'LI',
];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function isGdprCountry(country: string): boolean {
  return GDPR_COUNTRIES.includes(country);
}

/** The currency a visitor from this country pays in by default. */
export function currencyOfCountry(country: string): Currency {
  if (CIS_COUNTRIES.includes(country)) return 'RUB';
  if (EURO_COUNTRIES.includes(country)) return 'EUR';
  return 'USD';
}

export function regionOfCountry(country: string): Region {
  return REGION_BY_CURRENCY[currencyOfCountry(country)];
}

/** docs/product.md §13: RUB for the ru locale, USD for every other. */
export function defaultCurrency(locale: Locale): Currency {
  return locale === 'ru' ? 'RUB' : 'USD';
}

/** Regions of the legal pages (/private-policy/{region}/ …). */
export const LEGAL_REGIONS = ['cis-and-ua', 'ru-en', 'ru', 'world'] as const;
export type LegalRegion = (typeof LEGAL_REGIONS)[number];
export function isLegalRegion(value: unknown): value is LegalRegion {
  return typeof value === 'string' && (LEGAL_REGIONS as readonly string[]).includes(value);
}

/** The legal-page region that fits a visitor. */
export function legalRegionFor(locale: Locale, region: Region): LegalRegion {
  if (region === 'CIS') return locale === 'ru' ? 'cis-and-ua' : 'ru-en';
  return 'world';
}
