import { LOCALES } from '../locales.ts';
import { PLATFORMS } from '../platforms.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/**
 * The landings' own texts (locales/landing/): staff's edits (capability `content`) and the
 * storefront's read of a page's texts on a client navigation.
 */
export const LANDING_COPY_MESSAGES = {
  lang: `The language is one of ${LOCALES.join(', ')}`,
  key: 'A text key is 1 to 100 letters, digits, dots and dashes',
  text: 'A text is 1 to 2000 characters on one line, or null for the default',
  platform: `The platform is one of ${PLATFORMS.join(', ')}`,
  service: 'A service page is up to 64 lower-case letters, digits and dashes',
} as const;
const M = LANDING_COPY_MESSAGES;

const LANG = { type: 'string', enum: LOCALES, errorMessage: M.lang } as const;

export const staffLandingCopyQuery = {
  $id: 'staff/landing-copy-query',
  type: 'object',
  required: ['lang'],
  additionalProperties: false,
  properties: { lang: LANG },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, required: { lang: M.lang } },
} as const;
export type StaffLandingCopyQuery = SchemaType<typeof staffLandingCopyQuery>;

export const staffLandingCopyBody = {
  $id: 'staff/landing-copy',
  type: 'object',
  required: ['lang', 'key', 'text'],
  additionalProperties: false,
  properties: {
    lang: LANG,
    key: { type: 'string', pattern: '^[A-Za-z0-9.-]{1,100}$', errorMessage: M.key },
    // null: back to the default
    text: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: 2000,
      pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$',
      errorMessage: M.text,
    },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { lang: M.lang, key: M.key, text: M.text },
  },
} as const;
export type StaffLandingCopyBody = SchemaType<typeof staffLandingCopyBody>;

export const landingTextsQuery = {
  $id: 'landing-texts-query',
  type: 'object',
  required: ['lang', 'platform'],
  additionalProperties: false,
  properties: {
    lang: LANG,
    platform: { type: 'string', enum: PLATFORMS, errorMessage: M.platform },
    service: { type: 'string', pattern: '^[a-z0-9-]{1,64}$', errorMessage: M.service },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { lang: M.lang, platform: M.platform },
  },
} as const;
export type LandingTextsQuery = SchemaType<typeof landingTextsQuery>;
