import type { ArticleSort } from '../../../shared/articles.ts';
import type { Db } from '../../db/database.ts';
import type { ArticleRow, NewArticleRow } from './articles.table.ts';

/** SQL on `articles` and `article_views`. */
function inLanguage(db: Db, lang: string, tag?: string) {
  return (
    db
      .selectFrom('articles')
      .where('lang', '=', lang)
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
    .executeTakeFirst();
}

export function translationsOf(db: Db, key: string) {
  return db.selectFrom('articles').select(['lang', 'slug']).where('key', '=', key).execute();
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

/** Writes an article from content: new ones inserted, known ones updated, views kept. */
export async function upsertArticle(db: Db, row: NewArticleRow): Promise<void> {
  await db
    .insertInto('articles')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['key', 'lang']).doUpdateSet({
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
      }),
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
    .orderBy('created_at', 'desc')
    .execute();
}

/** Every article's language, slug, key and last change (the sitemap). */
export function articleIndex(db: Db) {
  return db
    .selectFrom('articles')
    .select(['key', 'lang', 'slug', 'updated_at'])
    .orderBy('created_at', 'desc')
    .execute();
}
