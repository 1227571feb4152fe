import { CLIENTS, FAKE_PLATFORM, SERVICE_TYPES } from '../catalog.ts';
import { LOCALES } from '../locales.ts';
import { PLATFORMS } from '../platforms.ts';
import { CURRENCIES, REGION_BY_CURRENCY } from '../regions.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/**
 * Query schemas of the catalogue, price and payment-method calls (docs/api.md). Query values
 * arrive as strings, so numbers and lists are checked by pattern and parsed after.
 */
export const CATALOG_MESSAGES = {
  integer: 'Provide an integer',
  currency: 'Unknown currency: use RUB, USD or EUR',
  platform: 'Unknown platform',
  labels: 'Labels are upper-case words separated by spaces',
  tag: 'Unknown service',
  counts: 'Counts are up to 20 integers separated by commas',
  client: 'Unknown client: use CLIENT_MAIN or CLIENT_LK',
  type: 'Unknown service type',
  lang: 'Unknown language',
  region: 'Unknown region: use CIS, EUROPE or USA',
  required: 'This field is required',
} as const;
const M = CATALOG_MESSAGES;

/** A text field: its type first, then its own rules, then its message (the literal type kept). */
const str = <const S extends object>(schema: S, message: string) => ({
  type: 'string' as const,
  ...schema,
  errorMessage: message,
});

const fields = {
  cur: str({ enum: [...CURRENCIES] }, M.currency),
  currency: str({ enum: [...CURRENCIES] }, M.currency),
  platform: str({ enum: [...PLATFORMS, FAKE_PLATFORM] }, M.platform),
  labels: str({ pattern: '^[A-Z_]{1,32}( [A-Z_]{1,32}){0,7}$' }, M.labels),
  tag: str({ pattern: '^[A-Z0-9_]{1,64}$' }, M.tag),
  count: str({ pattern: '^[0-9]{1,9}$' }, M.integer),
  counts: str({ pattern: '^[0-9]{1,9}(,[0-9]{1,9}){0,19}$' }, M.counts),
  client: str({ enum: [...CLIENTS] }, M.client),
  type: str({ enum: [...SERVICE_TYPES] }, M.type),
  lang: str({ enum: [...LOCALES] }, M.lang),
  region: str({ enum: Object.values(REGION_BY_CURRENCY) }, M.region),
  q: str({ minLength: 1, maxLength: 64 }, M.required),
} as const;

type Fields = typeof fields;
type Field = keyof Fields;

/**
 * A query of the named fields, `required` first (in the given order: Ajv reports in it). The
 * object is built from the lists, so its literal type is spelled out for the compiler.
 */
function querySchema<
  const Required extends readonly Field[],
  const Optional extends readonly Field[],
>(id: string, required: Required, optional: Optional) {
  const names = [...required, ...optional];
  return {
    $id: id,
    type: 'object',
    required,
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, fields[name]])) as {
      [Name in Required[number] | Optional[number]]: Fields[Name];
    },
    errorMessage: {
      additionalProperties: UNKNOWN_FIELD,
      ...(required.length
        ? { required: Object.fromEntries(required.map((name) => [name, M.required])) }
        : {}),
    },
  } as const;
}

export const servicesTinyQuery = querySchema(
  'user_services/tiny',
  [],
  ['labels', 'platform', 'lang', 'type'],
);
export const servicesFindQuery = querySchema(
  'user_services/find',
  [],
  ['region', 'platform', 'type', 'tag', 'labels', 'lang', 'q', 'client'],
);
export const tagsByCurQuery = querySchema(
  'user_services/tags_by_cur',
  [],
  ['lang', 'client', 'cur'],
);
export const pricesTinyQuery = querySchema(
  'prices/tiny',
  [],
  ['cur', 'labels', 'platform', 'counts'],
);
export const informersTinyQuery = querySchema(
  'informers/tiny',
  [],
  ['cur', 'labels', 'platform', 'counts'],
);
export const orderCostQuery = querySchema('prices/orderCost', ['tag', 'count'], ['cur', 'client']);
export const paymentMethodsQuery = querySchema('payment/methods', ['currency'], []);
export const emptyQuery = querySchema('empty', [], []);

/** Any of the catalogue's query fields, each typed by its schema. */
export type CatalogQuery = { [Name in Field]?: SchemaType<Fields[Name]> };
