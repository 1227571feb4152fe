import type { AnyDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * The blog (docs/product.md §3 Article): one row per article and language, written from
 * content/articles/ at start; views counted once per visitor and day.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('articles'))
    // the article across languages (content/articles/<key>/)
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('heading', 'text', (col) => col.notNull())
    .addColumn('headtitle', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    // sanitised HTML
    .addColumn('article', 'text', (col) => col.notNull())
    // JSON array of tag keys
    .addColumn('tags', 'text', (col) => col.notNull())
    // the service page an article leads to
    .addColumn('service', 'text')
    .addColumn('words', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('articles_key_lang', ['key', 'lang'])
    .addUniqueConstraint('articles_lang_slug', ['lang', 'slug'])
    .execute();
  await db.schema
    .createIndex('articles_lang_created')
    .on('articles')
    .columns(['lang', 'created_at'])
    .execute();
  await db.schema
    .createTable('article_views')
    .addColumn('article_id', 'integer', (col) =>
      col.notNull().references('articles.id').onDelete('cascade'),
    )
    // a hash of the visitor (address and browser), never the address itself
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'visitor', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('article_views').execute();
  await db.schema.dropTable('articles').execute();
}
