import { CLIENTS, SERVICE_TYPES } from '../catalog.ts';
import { LOCALES, type Locale } from '../locales.ts';
import { CURRENCIES } from '../regions.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** The staff console's catalogue, prices and providers bodies (docs/product.md §11). */

export const STAFF_CATALOGUE_MESSAGES = {
  boolean: 'Give true or false',
  count: 'A count is a whole number from 1 to 1 000 000 000',
  labels: 'Labels are CLIENT_MAIN, CLIENT_LK, VISIBLE, ENABLED and one TYPE_…',
  text: 'A name is 1 to 200 characters, a description up to 5 000',
  providerId: 'A provider id is 1 to 64 letters, digits, dots, dashes or underscores',
  providerService: 'A provider’s service id is 1 to 64 characters',
  client: 'The client is CLIENT_MAIN or CLIENT_LK',
  currency: 'Unknown currency',
  tiers:
    'Give 1 to 50 tiers, each a start (whole number from 1) and a unit price (whole millionths of a minor unit, more than 0)',
  url: 'The provider’s URL is an http(s) address',
  apiKey: 'The API key is 1 to 500 characters',
  markup: 'The markup is a number from 0.01 to 1000',
  items: 'Choose 1 to 100 services, each with its id at the provider and a new tag',
  tag: 'A tag is 2 to 64 capital letters, digits and underscores, starting with a letter',
  platform: 'A platform is 2 to 32 lower-case letters',
  type: 'Unknown service type',
  kind: 'A kind is 2 to 32 lower-case letters and dashes',
  balance: 'balance is 1 or 0',
} as const;
const M = STAFF_CATALOGUE_MESSAGES;

/** An imported service's new tag and platform, and the import's markup (the console checks them first). */
export const IMPORT_TAG_PATTERN = '^[A-Z][A-Z0-9_]{1,63}$';
export const IMPORT_PLATFORM_PATTERN = '^[a-z]{2,32}$';
export const IMPORT_MARKUP = { min: 0.01, max: 1000 } as const;

export const LABELS = [
  ...CLIENTS,
  'VISIBLE',
  'ENABLED',
  ...SERVICE_TYPES.map((type) => `TYPE_${type}`),
] as const;

const COUNT = {
  type: 'integer',
  minimum: 1,
  maximum: 1_000_000_000,
  errorMessage: M.count,
} as const;
const PROVIDER_ID = {
  type: 'string',
  pattern: '^[\\w.-]{1,64}$',
  errorMessage: M.providerId,
} as const;
const PROVIDER_SERVICE = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^\\S+$',
  errorMessage: M.providerService,
} as const;
const TEXT = {
  type: 'object',
  required: ['name', 'description'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    description: { type: 'string', maxLength: 5000 },
  },
  errorMessage: M.text,
} as const;
/** A text per language (built from LOCALES, so its literal type is spelled out). */
type Texts = Record<Locale, typeof TEXT>;
const TEXTS = Object.fromEntries(LOCALES.map((lang) => [lang, TEXT])) as Texts;

export const staffServiceBody = {
  $id: 'staff/service',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    enabled: { type: 'boolean', errorMessage: M.boolean },
    visible: { type: 'boolean', errorMessage: M.boolean },
    min: COUNT,
    max: COUNT,
    min_order: COUNT,
    max_order: COUNT,
    lk_min_order: COUNT,
    lk_max_order: COUNT,
    labels: {
      type: 'array',
      maxItems: LABELS.length,
      uniqueItems: true,
      items: { type: 'string', enum: LABELS },
      errorMessage: M.labels,
    },
    texts: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: TEXTS,
      errorMessage: M.text,
    },
    // the main provider and the service's id there
    provider_id: PROVIDER_ID,
    provider_service: PROVIDER_SERVICE,
    // the fallback, or null for none
    fallback: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['provider_id', 'provider_service'],
          additionalProperties: false,
          properties: { provider_id: PROVIDER_ID, provider_service: PROVIDER_SERVICE },
        },
      ],
      errorMessage: M.providerService,
    },
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, minProperties: 'Nothing to change' },
} as const;
/** What staff change of a service (at least one field). */
export type StaffServiceBody = SchemaType<typeof staffServiceBody>;

export const staffTiersBody = {
  $id: 'staff/tiers',
  type: 'object',
  required: ['client', 'currency', 'tiers'],
  additionalProperties: false,
  properties: {
    client: { type: 'string', enum: CLIENTS, errorMessage: M.client },
    currency: { type: 'string', enum: CURRENCIES, errorMessage: M.currency },
    tiers: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['from', 'micro'],
        additionalProperties: false,
        properties: {
          from: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
          micro: { type: 'integer', minimum: 1, maximum: 1_000_000_000_000 },
        },
      },
      errorMessage: M.tiers,
    },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { client: M.client, currency: M.currency, tiers: M.tiers },
  },
} as const;
export type StaffTiersBody = SchemaType<typeof staffTiersBody>;

export const staffProvidersQuery = {
  $id: 'staff/providers',
  type: 'object',
  additionalProperties: false,
  properties: { balance: { type: 'string', enum: ['0', '1'], errorMessage: M.balance } },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;
export type StaffProvidersQuery = SchemaType<typeof staffProvidersQuery>;

export const staffProviderBody = {
  $id: 'staff/provider',
  type: 'object',
  required: ['id', 'url', 'api_key', 'currency'],
  additionalProperties: false,
  properties: {
    id: PROVIDER_ID,
    url: {
      type: 'string',
      maxLength: 500,
      pattern: '^https?://[^\\s/?#]+[^\\s]*$',
      errorMessage: M.url,
    },
    api_key: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      pattern: '^\\S+$',
      errorMessage: M.apiKey,
    },
    currency: { type: 'string', enum: CURRENCIES, errorMessage: M.currency },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { id: M.providerId, url: M.url, api_key: M.apiKey, currency: M.currency },
  },
} as const;
export type StaffProviderBody = SchemaType<typeof staffProviderBody>;

export const staffEnabledBody = {
  $id: 'staff/enabled',
  type: 'object',
  required: ['enabled'],
  additionalProperties: false,
  properties: { enabled: { type: 'boolean', errorMessage: M.boolean } },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, required: { enabled: M.boolean } },
} as const;
export type StaffEnabledBody = SchemaType<typeof staffEnabledBody>;

export const staffImportBody = {
  $id: 'staff/import',
  type: 'object',
  required: ['markup', 'items'],
  additionalProperties: false,
  properties: {
    // our price = the provider's rate × markup
    markup: {
      type: 'number',
      minimum: IMPORT_MARKUP.min,
      maximum: IMPORT_MARKUP.max,
      errorMessage: M.markup,
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['service', 'tag'],
        additionalProperties: false,
        properties: {
          // the provider's service id, and our new service's tag
          service: PROVIDER_SERVICE,
          tag: { type: 'string', pattern: IMPORT_TAG_PATTERN, errorMessage: M.tag },
          // else from the provider's category, and its type and name
          platform: { type: 'string', pattern: IMPORT_PLATFORM_PATTERN, errorMessage: M.platform },
          type: { type: 'string', enum: SERVICE_TYPES, errorMessage: M.type },
          kind: { type: 'string', pattern: '^[a-z][a-z-]{1,31}$', errorMessage: M.kind },
        },
      },
      errorMessage: M.items,
    },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { markup: M.markup, items: M.items },
  },
} as const;
export type StaffImportBody = SchemaType<typeof staffImportBody>;
export type StaffImportItem = StaffImportBody['items'][number];
