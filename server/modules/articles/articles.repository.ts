import type { Updateable } from 'kysely';
import type { ArticleSort } from '#shared/articles.ts';
import type { Db } from '../../db/database.ts';
import type { ArticleRow, ArticlesTable, NewArticleRow } from './articles.table.ts';

/**
 * SQL on `articles` and `article_views`. What the public reads (lists, an article, its
 * translations, the related ones, the sitemap) is published rows only; the staff console's
 * reads are apart (`staff…`).
 */
function inLanguage(db: Db, lang: string, tag?: string) {
  return (
    db
      .selectFrom('articles')
      .where('lang', '=', lang)
      .where('published', '=', 1)
      // tags are a JSON array of plain keys: `"tag"` matches one whole key
      .$if(Boolean(tag), (qb) => qb.where('tags', 'like', `%"${tag}"%`))
  );
}

export async function articlesPageOf(
  db: Db,
  {
    lang,
    tag,
    sort,
    page,
    limit,
  }: { lang: string; tag?: string; sort: ArticleSort; page: number; limit: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    inLanguage(db, lang, tag)
      .selectAll()
      .$if(sort === 'views', (qb) => qb.orderBy('views', 'desc'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    inLanguage(db, lang, tag)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export function articleBySlug(db: Db, lang: string, slug: string) {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('lang', '=', lang)
    .where('slug', '=', slug)
    .where('published', '=', 1)
    .executeTakeFirst();
}

export function translationsOf(db: Db, key: string) {
  return db
    .selectFrom('articles')
    .select(['lang', 'slug'])
    .where('key', '=', key)
    .where('published', '=', 1)
    .execute();
}

/** Counts a view once per visitor and day: answers whether this one counted. */
export async function countView(
  db: Db,
  view: { articleId: number; visitor: string; day: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('article_views')
    .values({ article_id: view.articleId, visitor: view.visitor, day: view.day })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable('articles')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', view.articleId)
    .execute();
  return true;
}

/**
 * Writes an article from content: new ones inserted, known ones updated, views and the
 * published flag kept; a row staff have edited (`staff_edited_at`) is never overwritten.
 */
export async function upsertArticle(db: Db, row: NewArticleRow): Promise<void> {
  await db
    .insertInto('articles')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['key', 'lang'])
        .doUpdateSet({
          body: row.body ?? null,
          slug: row.slug,
          heading: row.heading,
          headtitle: row.headtitle,
          description: row.description,
          article: row.article,
          tags: row.tags,
          service: row.service,
          words: row.words,
          created_at: row.created_at,
          updated_at: row.updated_at,
        })
        .where('articles.staff_edited_at', 'is', null),
    )
    .execute();
}

/** Old view records are of no use once their day has passed. */
export async function forgetViewsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('article_views').where('day', '<', day).execute();
}

/** Every article of a language (a blog holds tens, not thousands), newest first. */
export function articlesIn(db: Db, lang: string) {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('lang', '=', lang)
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Every article's language, slug, key and last change (the sitemap). */
export function articleIndex(db: Db) {
  return db
    .selectFrom('articles')
    .select(['key', 'lang', 'slug', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Every row of every article, published or not, by key and language (the staff console). */
export function staffArticleRows(db: Db, key?: string): Promise<ArticleRow[]> {
  return db
    .selectFrom('articles')
    .selectAll()
    .$if(key !== undefined, (qb) => qb.where('key', '=', key!))
    .orderBy('key')
    .orderBy('lang')
    .execute();
}

/** The key of the article holding this slug in this language, published or not. */
export async function keyOfSlug(db: Db, lang: string, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('articles')
    .select('key')
    .where('lang', '=', lang)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row?.key;
}

/** A new row (a staff-written article or language). */
export async function insertArticleRow(db: Db, row: NewArticleRow): Promise<void> {
  await db.insertInto('articles').values(row).execute();
}

/** Changes one language of an article. */
export async function updateArticleRow(
  db: Db,
  key: string,
  lang: string,
  set: Updateable<ArticlesTable>,
): Promise<void> {
  await db
    .updateTable('articles')
    .set(set)
    .where('key', '=', key)
    .where('lang', '=', lang)
    .execute();
}

/** Changes every language of an article (its tags, its service). */
export async function updateArticleRows(
  db: Db,
  key: string,
  set: Updateable<ArticlesTable>,
): Promise<void> {
  await db.updateTable('articles').set(set).where('key', '=', key).execute();
}

/** Publishes or unpublishes an article, in one language or all. */
export async function setArticlePublished(
  db: Db,
  key: string,
  lang: string | undefined,
  published: boolean,
  at: string,
): Promise<void> {
  await db
    .updateTable('articles')
    .set({ published: published ? 1 : 0, updated_at: at })
    .where('key', '=', key)
    .$if(lang !== undefined, (qb) => qb.where('lang', '=', lang!))
    .execute();
}
