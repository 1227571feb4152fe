import { readdirSync, readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import {
  STAFF_ERROR_IDS,
  staffErrorIdOf,
  staffErrorText,
} from '#client/features/staff/staff-errors.ts';
import enStaff from '#locales/staff/en.json' with { type: 'json' };
import ruStaff from '#locales/staff/ru.json' with { type: 'json' };
import { TOO_MANY } from '#server/http/rate-limit.ts';
import { STAFF_ARTICLE_ERRORS } from '#server/modules/articles/staff-articles.ts';
import { CATALOG_STAFF_ERRORS } from '#server/modules/catalog/catalog-staff.ts';
import { LANDING_COPY_ERRORS } from '#server/modules/content/landing-copy.service.ts';
import {
  PROVIDER_ERRORS,
  PROVIDER_FAILURES,
  PROVIDER_URL_ERRORS,
} from '#server/modules/fulfilment/providers-admin.service.ts';
import { OWN_ORDER_ERRORS } from '#server/modules/orders/buyer/own-orders.ts';
import { STAFF_ORDER_ERRORS } from '#server/modules/orders/staff/staff-orders.ts';
import { STAFF_PAYMENT_ERRORS } from '#server/modules/payments/staff-payments.ts';
import { WITHDRAWAL_DECISION_ERRORS } from '#server/modules/referrals/withdrawals.service.ts';
import { STAFF_AUTH_ERRORS } from '#server/modules/staff/auth/staff-auth.service.ts';
import { ADJUSTMENT_ERRORS } from '#server/modules/staff/sections/staff-adjustments.service.ts';
import { STAFF_CATALOGUE_ERRORS } from '#server/modules/staff/sections/staff-catalogue.service.ts';
import { STAFF_USER_ERRORS } from '#server/modules/staff/sections/staff-users.service.ts';
import { STAFF_ACCESS_ERRORS } from '#server/modules/staff/staff-access.ts';
import { STAFF_BOUNDS_ERRORS } from '#server/modules/staff/staff-bounds.ts';
import { UNKNOWN_FIELD } from '#shared/schemas/auth.schemas.ts';
import { STAFF_MESSAGES } from '#shared/schemas/staff.schemas.ts';
import { STAFF_CATALOGUE_MESSAGES } from '#shared/schemas/staff-catalogue.schemas.ts';
import { STAFF_CONTENT_MESSAGES } from '#shared/schemas/staff-content.schemas.ts';
import { LANDING_COPY_MESSAGES } from '#shared/schemas/staff-landing-copy.schemas.ts';
import { STAFF_MONEY_MESSAGES } from '#shared/schemas/staff-money.schemas.ts';

/**
 * Every message the staff routes can answer has its text in the console's two languages
 * (client/features/staff/staff-errors.ts): the `*_ERRORS` and `*_MESSAGES` constants of the
 * staff module, the orders' staff actions (and the cabinet's refill they reuse), withdrawals,
 * payments, the catalogue, providers, articles and landing copy, the staff schemas, the HTTP
 * layer's own refusals, and every message a staff route file writes in place.
 */
const CONSTANTS: Record<string, Record<string, string>> = {
  STAFF_ACCESS_ERRORS,
  ADJUSTMENT_ERRORS,
  STAFF_AUTH_ERRORS,
  STAFF_BOUNDS_ERRORS,
  STAFF_CATALOGUE_ERRORS,
  STAFF_USER_ERRORS,
  STAFF_ORDER_ERRORS,
  OWN_ORDER_ERRORS,
  WITHDRAWAL_DECISION_ERRORS,
  STAFF_PAYMENT_ERRORS,
  CATALOG_STAFF_ERRORS,
  STAFF_ARTICLE_ERRORS,
  LANDING_COPY_ERRORS,
  PROVIDER_ERRORS,
  PROVIDER_URL_ERRORS,
  PROVIDER_FAILURES,
  STAFF_MESSAGES,
  STAFF_MONEY_MESSAGES,
  STAFF_CATALOGUE_MESSAGES,
  STAFF_CONTENT_MESSAGES,
  LANDING_COPY_MESSAGES,
  HTTP: {
    generic: 'An error occurred',
    body: 'The request body is not valid',
    request: 'The request is not valid',
    notFound: 'This page could not be found',
    origin: 'Requests from other sites are not accepted',
    tooMany: TOO_MANY,
    unknownField: UNKNOWN_FIELD,
    // the client's own, when the server cannot be reached
    offline: 'The service is temporary unavailable',
  },
};

/** Messages the staff route files write in place: `new AppError('…', …)`. */
function inPlace(): Record<string, string> {
  const dir = 'server/modules/staff';
  const found: Record<string, string> = {};
  // the module's sub-folders (auth/, sections/ …) included
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.ts'),
  ))
    for (const [, text] of readFileSync(`${dir}/${file}`, 'utf8').matchAll(
      /new AppError\(\s*'([^']+)'/g,
    ))
      found[`${file}: ${text}`] = text!;
  return found;
}

const messages = (lang: 'ru' | 'en') =>
  createIntl({ locale: lang, messages: lang === 'ru' ? ruStaff : enStaff, onError: () => {} });

const all = Object.entries({ ...CONSTANTS, 'in place': inPlace() }).flatMap(([group, texts]) =>
  Object.entries(texts).map(([key, text]) => [`${group}.${key}`, text] as const),
);

describe("the staff API's messages in the console's languages", () => {
  it('finds the in-place messages of the staff routes', () => {
    expect(Object.values(inPlace())).toEqual(
      expect.arrayContaining(['Too many codes tried: wait a minute', 'Unknown service']),
    );
  });

  it.each(all)('%s has a Russian and an English text', (_name, text) => {
    const id = staffErrorIdOf(text);
    expect(id).toBeDefined();
    expect(ruStaff).toHaveProperty([id!]);
    expect(enStaff).toHaveProperty([id!]);
    const russian = staffErrorText(messages('ru'), text);
    expect(russian).not.toBe(text);
    expect(russian).toMatch(/[а-яё]/i);
    expect(staffErrorText(messages('en'), text)).not.toMatch(/[а-яё]/i);
  });

  it('fills in the parts the server wrote into a message', () => {
    expect(
      staffErrorText(messages('ru'), 'The slug my-guide is taken in de by another article'),
    ).toBe('Адрес my-guide на языке de уже занят другой статьёй');
    expect(
      staffErrorText(messages('ru'), 'This order cannot be refilled: Refill is disabled'),
    ).toBe('Этот заказ нельзя восполнить: Refill is disabled');
  });

  it('shows a message it does not know as the server wrote it', () => {
    expect(staffErrorText(messages('ru'), 'Something new went wrong')).toBe(
      'Something new went wrong',
    );
  });

  it('names only message ids both languages have', () => {
    for (const id of new Set(Object.values(STAFF_ERROR_IDS))) {
      expect(ruStaff).toHaveProperty([id]);
      expect(enStaff).toHaveProperty([id]);
    }
  });
});
