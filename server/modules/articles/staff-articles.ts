import { isArticleTag, withAsterisks } from '#shared/articles.ts';
import { isLocale, type Locale, localePrefix } from '#shared/locales.ts';
import { PAGES } from '#shared/routes.ts';
import type {
  StaffArticleCreateBody,
  StaffArticleText,
  StaffArticleUpdateBody,
} from '#shared/schemas/staff-content.schemas.ts';
import type {
  StaffArticle,
  StaffArticlePreview,
  StaffArticleTranslation,
} from '#shared/staff-content.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import {
  insertArticleRow,
  keyOfSlug,
  setArticlePublished,
  staffArticleRows,
  updateArticleRow,
  updateArticleRows,
} from './articles.repository.ts';
import type { ArticleRow } from './articles.table.ts';

export const STAFF_ARTICLE_ERRORS = {
  notFound: 'Article not found',
  key: 'An article with this key exists already',
  slug: 'The slug {slug} is taken in {lang} by another article',
  lang: 'The article has no {lang} version',
} as const;

/** Writes the audit row of a staff change inside the change's transaction. */
export type ContentNote = (
  trx: Db,
  entry: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(String((error as Error)?.message ?? '')) ||
  (error as { code?: string })?.code === '23505';

const ARTICLE_PAGE = PAGES.find((page) => page.view === 'article')!;
const publicPath = (lang: Locale, slug: string) =>
  `${localePrefix(lang)}${ARTICLE_PAGE.paths[lang].replace(':slug', slug)}`;

/** Markdown → the sanitised HTML stored and served (the public page adds the asterisks). */
const rendered = (body: string) => ({
  html: renderMarkdown(body).html,
  words: body.split(/\s+/).filter(Boolean).length,
});

function tagsOf(row: ArticleRow) {
  try {
    const tags: unknown = JSON.parse(row.tags);
    return Array.isArray(tags) ? tags.filter(isArticleTag) : [];
  } catch {
    return [];
  }
}

function toStaffArticle(rows: ArticleRow[]): StaffArticle {
  const first = rows[0]!;
  return {
    key: first.key,
    tags: tagsOf(first),
    service: first.service,
    translations: rows.flatMap((row): StaffArticleTranslation[] =>
      isLocale(row.lang)
        ? [
            {
              lang: row.lang,
              slug: row.slug,
              title: row.heading,
              headtitle: row.headtitle,
              description: row.description,
              body: row.body,
              published: Boolean(row.published),
              path: publicPath(row.lang, row.slug),
              views: Number(row.views),
              created_at: row.created_at,
              updated_at: row.updated_at,
              staff_edited_at: row.staff_edited_at,
            },
          ]
        : [],
    ),
  };
}

/** What the audit log keeps of an article: its texts' sizes, slugs and states, not the texts. */
const snapshot = (article: StaffArticle | null) =>
  article && {
    tags: article.tags,
    service: article.service,
    translations: Object.fromEntries(
      article.translations.map((t) => [
        t.lang,
        {
          slug: t.slug,
          title: t.title,
          description: t.description,
          body_chars: t.body?.length ?? null,
          published: t.published,
        },
      ]),
    ),
  };

export type StaffArticles = ReturnType<typeof createStaffArticles>;

/** What createStaffArticles is made with. */
export interface StaffArticlesDeps {
  db: Db;
  now: () => Date;
}

/** What the functions below work with: the dependencies. */
export function staffArticlesContext({ db, now }: StaffArticlesDeps) {
  return { db, now };
}

export type StaffArticlesContext = ReturnType<typeof staffArticlesContext>;

export async function read(trx: Db, key: string): Promise<StaffArticle | null> {
  const rows = await staffArticleRows(trx, key);
  return rows.length ? toStaffArticle(rows) : null;
}

/** Each slug free in its language, or held by this very article. */
export async function checkSlugs(trx: Db, key: string, texts: [Locale, StaffArticleText][]) {
  for (const [lang, text] of texts) {
    const holder = await keyOfSlug(trx, lang, text.slug);
    if (holder !== undefined && holder !== key)
      throw new AppError(
        STAFF_ARTICLE_ERRORS.slug.replace('{slug}', text.slug).replace('{lang}', lang),
        409,
      );
  }
}

export function textsOf(translations: StaffArticleCreateBody['translations'] | undefined) {
  return Object.entries(translations ?? {}).flatMap(([lang, text]) =>
    isLocale(lang) && text ? [[lang, text] as [Locale, StaffArticleText]] : [],
  );
}

export function fields(text: StaffArticleText) {
  const { html, words } = rendered(text.body);
  return {
    slug: text.slug,
    heading: text.title.trim(),
    headtitle: text.headtitle?.trim() || text.title.trim(),
    description: text.description.trim(),
    body: text.body,
    article: html,
    words,
  };
}

/** A transaction whose unique-key clash (two writers at once) is a 409, not a 500. */
export async function write<T>(
  { db }: StaffArticlesContext,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(STAFF_ARTICLE_ERRORS.key, 409);
    throw error;
  }
}

export async function list({ db }: StaffArticlesContext): Promise<StaffArticle[]> {
  const rows = await staffArticleRows(db);
  const byKey = new Map<string, ArticleRow[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  return [...byKey.values()].map(toStaffArticle);
}

export async function get({ db }: StaffArticlesContext, key: string): Promise<StaffArticle> {
  const article = await read(db, key);
  if (!article) throw new AppError(STAFF_ARTICLE_ERRORS.notFound, 404);
  return article;
}

/** A new article, unpublished until staff publish it. */
export async function create(
  ctx: StaffArticlesContext,
  input: StaffArticleCreateBody,
  note: ContentNote,
): Promise<StaffArticle> {
  const { now } = ctx;
  const at = now().toISOString();
  const texts = textsOf(input.translations);
  return write(ctx, async (trx) => {
    if (await read(trx, input.key)) throw new AppError(STAFF_ARTICLE_ERRORS.key, 409);
    await checkSlugs(trx, input.key, texts);
    for (const [lang, text] of texts)
      await insertArticleRow(trx, {
        key: input.key,
        lang,
        ...fields(text),
        tags: JSON.stringify(input.tags ?? []),
        service: input.service ?? null,
        published: 0,
        staff_edited_at: at,
        created_at: at,
        updated_at: at,
      });
    const after = (await read(trx, input.key))!;
    await note(trx, {
      action: 'article.create',
      target: `article:${input.key}`,
      before: null,
      after: snapshot(after),
    });
    return after;
  });
}

/**
 * The languages given are written (a new language is added unpublished); tags and the
 * service page, when given, change for every language.
 */
export async function update(
  ctx: StaffArticlesContext,
  key: string,
  input: StaffArticleUpdateBody,
  note: ContentNote,
): Promise<StaffArticle> {
  const { now } = ctx;
  const at = now().toISOString();
  const texts = textsOf(input.translations);
  return write(ctx, async (trx) => {
    const before = await read(trx, key);
    if (!before) throw new AppError(STAFF_ARTICLE_ERRORS.notFound, 404);
    await checkSlugs(trx, key, texts);
    const shared = {
      ...(input.tags ? { tags: JSON.stringify(input.tags) } : {}),
      ...(input.service !== undefined ? { service: input.service } : {}),
    };
    for (const [lang, text] of texts) {
      const known = before.translations.find((t) => t.lang === lang);
      if (known)
        await updateArticleRow(trx, key, lang, {
          ...fields(text),
          staff_edited_at: at,
          updated_at: at,
        });
      else
        await insertArticleRow(trx, {
          key,
          lang,
          ...fields(text),
          tags: JSON.stringify(before.tags),
          service: before.service,
          published: 0,
          staff_edited_at: at,
          created_at: at,
          updated_at: at,
        });
    }
    // tags and the service page belong to every language: all of them are staff's now
    if (Object.keys(shared).length)
      await updateArticleRows(trx, key, { ...shared, staff_edited_at: at, updated_at: at });
    const after = (await read(trx, key))!;
    await note(trx, {
      action: 'article.update',
      target: `article:${key}`,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** On the blog and in the sitemap, or off them (its public page 404s), one language or all. */
export async function publish(
  ctx: StaffArticlesContext,
  key: string,
  { published, lang }: { published: boolean; lang?: Locale },
  note: ContentNote,
): Promise<StaffArticle> {
  const { now } = ctx;
  const at = now().toISOString();
  return write(ctx, async (trx) => {
    const before = await read(trx, key);
    if (!before) throw new AppError(STAFF_ARTICLE_ERRORS.notFound, 404);
    if (lang && !before.translations.some((t) => t.lang === lang))
      throw new AppError(STAFF_ARTICLE_ERRORS.lang.replace('{lang}', lang), 404);
    await setArticlePublished(trx, key, lang, published, at);
    const after = (await read(trx, key))!;
    const states = (article: StaffArticle) =>
      Object.fromEntries(article.translations.map((t) => [t.lang, t.published]));
    await note(trx, {
      action: published ? 'article.publish' : 'article.unpublish',
      target: `article:${key}`,
      before: { published: states(before) },
      after: { published: states(after) },
    });
    return after;
  });
}

/** The HTML the public page would show for this Markdown (rendered, sanitised, marked). */
export function preview(body: string): StaffArticlePreview {
  const { html, words } = rendered(body);
  return { html: withAsterisks(html, true), words };
}

/**
 * Articles as the staff console writes them: every article in every language,
 * published or not; created (unpublished), edited (title, page title, description, Markdown
 * body and slug per language; tags and service page for all), previewed, published and
 * unpublished. A row staff wrote is marked (`staff_edited_at`): the start-up seeding from
 * content/articles/ leaves it alone. Each write has its audit row in its transaction.
 */
export function createStaffArticles(deps: StaffArticlesDeps) {
  const ctx = staffArticlesContext(deps);
  return Object.freeze({
    list: () => list(ctx),
    get: (key: string) => get(ctx, key),
    create: (input: StaffArticleCreateBody, note: ContentNote) => create(ctx, input, note),
    update: (key: string, input: StaffArticleUpdateBody, note: ContentNote) =>
      update(ctx, key, input, note),
    publish: (key: string, options: { published: boolean; lang?: Locale }, note: ContentNote) =>
      publish(ctx, key, options, note),
    preview: (body: string) => preview(body),
  });
}
