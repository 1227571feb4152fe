import { ARTICLE_TAGS } from '../articles.ts';
import { LOCALES, type Locale } from '../locales.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** The staff console's articles bodies and queries (docs/product.md §11). */

export const STAFF_CONTENT_MESSAGES = {
  key: 'An article key is 1 to 64 lower-case letters, digits and dashes',
  slug: 'A slug is 1 to 120 lower-case letters, digits and dashes',
  title: 'A title is 1 to 200 characters on one line',
  headtitle: 'A page title is up to 200 characters on one line',
  description: 'A description is up to 1000 characters on one line',
  body: 'The text is Markdown of 1 to 60000 characters',
  tags: `Tags are some of ${ARTICLE_TAGS.join(', ')}`,
  service: 'A service page is up to 64 lower-case letters, digits and dashes, or null',
  translations: `Give at least one language of ${LOCALES.join(', ')}`,
  lang: `The language is one of ${LOCALES.join(', ')}`,
  published: 'published is true or false',
} as const;
const M = STAFF_CONTENT_MESSAGES;

const ONE_LINE = '^[^\\r\\n]*$';
/** One language of an article as staff write it. */
const TEXT = {
  type: 'object',
  required: ['slug', 'title', 'description', 'body'],
  additionalProperties: false,
  properties: {
    slug: { type: 'string', pattern: '^[a-z0-9-]{1,120}$', errorMessage: M.slug },
    title: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: `(?=\\S)${ONE_LINE}`,
      errorMessage: M.title,
    },
    // the page's <title>; the title when left out or empty
    headtitle: { type: 'string', maxLength: 200, pattern: ONE_LINE, errorMessage: M.headtitle },
    description: {
      type: 'string',
      maxLength: 1000,
      pattern: ONE_LINE,
      errorMessage: M.description,
    },
    // Markdown
    body: { type: 'string', minLength: 1, maxLength: 60_000, pattern: '\\S', errorMessage: M.body },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { slug: M.slug, title: M.title, description: M.description, body: M.body },
  },
} as const;
export type StaffArticleText = SchemaType<typeof TEXT>;

/** A text per language (built from LOCALES, so its literal type is spelled out). */
type Texts = Record<Locale, typeof TEXT>;

const TRANSLATIONS = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: Object.fromEntries(LOCALES.map((lang) => [lang, TEXT])) as Texts,
  errorMessage: { minProperties: M.translations, additionalProperties: M.lang },
} as const;

const TAGS = {
  type: 'array',
  maxItems: ARTICLE_TAGS.length,
  uniqueItems: true,
  items: { type: 'string', enum: [...ARTICLE_TAGS] },
  errorMessage: M.tags,
} as const;

const SERVICE = {
  type: ['string', 'null'],
  pattern: '^[a-z0-9-]{1,64}$',
  errorMessage: M.service,
} as const;

export const staffArticleCreateBody = {
  $id: 'staff/articles/create',
  type: 'object',
  required: ['key', 'translations'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', pattern: '^[a-z0-9-]{1,64}$', errorMessage: M.key },
    tags: TAGS,
    service: SERVICE,
    translations: TRANSLATIONS,
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { key: M.key, translations: M.translations },
  },
} as const;
export type StaffArticleCreateBody = SchemaType<typeof staffArticleCreateBody>;

/** The languages given are written (added or replaced); the others are left as they are. */
export const staffArticleUpdateBody = {
  $id: 'staff/articles/update',
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: { tags: TAGS, service: SERVICE, translations: TRANSLATIONS },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    minProperties: M.translations,
  },
} as const;
export type StaffArticleUpdateBody = SchemaType<typeof staffArticleUpdateBody>;

export const staffArticlePublishBody = {
  $id: 'staff/articles/publish',
  type: 'object',
  required: ['published'],
  additionalProperties: false,
  properties: {
    published: { type: 'boolean', errorMessage: M.published },
    // one language only; every language of the article when left out
    lang: { type: 'string', enum: [...LOCALES], errorMessage: M.lang },
  },
  errorMessage: {
    additionalProperties: UNKNOWN_FIELD,
    required: { published: M.published },
  },
} as const;
export type StaffArticlePublishBody = SchemaType<typeof staffArticlePublishBody>;

export const staffArticlePreviewBody = {
  $id: 'staff/articles/preview',
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: {
    body: { type: 'string', minLength: 1, maxLength: 60_000, errorMessage: M.body },
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD, required: { body: M.body } },
} as const;
export type StaffArticlePreviewBody = SchemaType<typeof staffArticlePreviewBody>;
