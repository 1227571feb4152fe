import { ARTICLE_SORTS, ARTICLE_TAGS } from '../articles.ts';
import { LOCALES } from '../locales.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** Query of `GET articles` and `GET articles/{slug}` (docs/api.md). */
export const ARTICLES_MESSAGES = {
  sort: `Sort by ${ARTICLE_SORTS.join(' or ')}`,
  limit: 'The limit is a whole number from 1 to 50',
  page: 'The page is a whole number from 1',
  tag: `The tag is one of ${ARTICLE_TAGS.join(', ')}`,
  lang: `The language is one of ${LOCALES.join(', ')}`,
} as const;
const M = ARTICLES_MESSAGES;

const lang = { type: 'string', enum: [...LOCALES], errorMessage: M.lang } as const;

export const articlesQuery = {
  $id: 'articles',
  type: 'object',
  additionalProperties: false,
  properties: {
    sort: { type: 'string', enum: [...ARTICLE_SORTS], errorMessage: M.sort },
    limit: { type: 'string', pattern: '^([1-9]|[1-4][0-9]|50)$', errorMessage: M.limit },
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', errorMessage: M.page },
    tag: { type: 'string', enum: [...ARTICLE_TAGS], errorMessage: M.tag },
    lang,
  },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;

export const articleQuery = {
  $id: 'articles/{slug}',
  type: 'object',
  additionalProperties: false,
  properties: { lang },
  errorMessage: { additionalProperties: UNKNOWN_FIELD },
} as const;

export type ArticlesQuery = SchemaType<typeof articlesQuery>;
