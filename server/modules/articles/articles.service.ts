import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ArticleSort,
  type ArticleSummary,
  type ArticlesPage,
  type ArticleTag,
  type ArticleView,
  dateInRussianWords,
  isArticleTag,
  mentionsMeta,
  WORDS_PER_MINUTE,
  withAsterisks,
} from '#shared/articles.ts';
import { isLocale } from '#shared/locales.ts';
import type { Db } from '../../db/database.ts';
import { frontMatter, renderMarkdown } from '../../lib/markdown.ts';
import {
  articleBySlug,
  articleIndex,
  articlesIn,
  articlesPageOf,
  countView,
  forgetViewsBefore,
  keyOfSlug,
  translationsOf,
  upsertArticle,
} from './articles.repository.ts';
import type { ArticleRow } from './articles.table.ts';
import { createStaffArticles } from './staff-articles.ts';

const RELATED = 3;

function tagsOf(row: ArticleRow): ArticleTag[] {
  try {
    const tags: unknown = JSON.parse(row.tags);
    return Array.isArray(tags) ? tags.filter(isArticleTag) : [];
  } catch {
    return [];
  }
}

/** docs/product.md §3 Article with its derived fields; Instagram, Meta and Facebook get their asterisk. */
function toSummary(row: ArticleRow): ArticleSummary {
  return {
    slug: row.slug,
    lang: row.lang,
    heading: withAsterisks(row.heading),
    headtitle: withAsterisks(row.headtitle),
    description: withAsterisks(row.description),
    tags: tagsOf(row),
    created_at: row.created_at,
    views: Number(row.views),
    date: dateInRussianWords(row.created_at),
    timestamp: Date.parse(row.created_at),
    withNotes: mentionsMeta(row.heading, row.description, row.article),
    reading: Math.max(1, Math.round(Number(row.words) / WORDS_PER_MINUTE)),
    service: row.service,
  };
}

/**
 * The blog: articles written as Markdown under content/articles/<key>/<lang>.md, rendered
 * and sanitised once into `articles` (kept in step at every start, views kept), listed and
 * read per language. Staff write articles too (`staff`, the console): a row staff wrote is
 * never overwritten from the folder, and only published rows are public.
 */
export function createArticlesService({
  db,
  dir,
  now = () => new Date(),
  logger,
}: {
  db: Db;
  dir: string;
  now?: () => Date;
  logger?: { warn(context: object, message: string): void };
}) {
  return {
    /**
     * Writes every article of the content folder; answers how many it read. A row staff have
     * edited is left as staff left it; a file whose slug another article holds in its
     * language is skipped (logged).
     */
    async sync(): Promise<number> {
      if (!existsSync(dir)) return 0;
      let count = 0;
      const at = now().toISOString();
      for (const key of readdirSync(dir)) {
        const folder = path.join(dir, key);
        for (const file of readdirSync(folder).filter((name) => name.endsWith('.md'))) {
          const lang = file.slice(0, -3);
          if (!isLocale(lang)) continue;
          const { meta, body } = frontMatter(readFileSync(path.join(folder, file), 'utf8'));
          if (!meta.slug || !meta.heading) continue;
          const holder = await keyOfSlug(db, lang, meta.slug);
          if (holder !== undefined && holder !== key) {
            logger?.warn({ key, lang, slug: meta.slug, holder }, 'article slug taken: skipped');
            continue;
          }
          const { html } = renderMarkdown(body);
          await upsertArticle(db, {
            key,
            lang,
            slug: meta.slug,
            heading: meta.heading,
            headtitle: meta.headtitle || meta.heading,
            description: meta.description ?? '',
            article: html,
            tags: JSON.stringify(
              (meta.tags ?? '')
                .split(',')
                .map((tag) => tag.trim())
                .filter(isArticleTag),
            ),
            service: meta.service || null,
            words: body.split(/\s+/).filter(Boolean).length,
            body,
            staff_edited_at: null,
            created_at: new Date(meta.created_at ?? at).toISOString(),
            updated_at: at,
          });
          count += 1;
        }
      }
      return count;
    },

    /** docs/api.md `GET articles`: newest first or most read (featured: views, 3). */
    async list(query: {
      lang: string;
      tag?: ArticleTag;
      sort: ArticleSort;
      page: number;
      limit: number;
    }): Promise<ArticlesPage> {
      const { rows, total } = await articlesPageOf(db, query);
      return {
        items: rows.map(toSummary),
        meta: { total, page: query.page, limit: query.limit },
      };
    },

    /**
     * docs/api.md `GET articles/{slug}`: the article, its other languages and related ones; a
     * visitor's view counts once a day.
     */
    async bySlug(lang: string, slug: string, visitor?: string): Promise<ArticleView | null> {
      const row = await articleBySlug(db, lang, slug);
      if (!row) return null;
      if (visitor) {
        const day = now().toISOString().slice(0, 10);
        if (await countView(db, { articleId: row.id, visitor, day }))
          row.views = Number(row.views) + 1;
      }
      const tags = new Set(tagsOf(row));
      const [others, translations] = await Promise.all([
        articlesIn(db, lang),
        translationsOf(db, row.key),
      ]);
      const related = others
        .filter((other) => other.id !== row.id)
        .map((other) => ({ other, shared: tagsOf(other).filter((tag) => tags.has(tag)).length }))
        .sort((a, b) => b.shared - a.shared)
        .slice(0, RELATED)
        .map(({ other }) => toSummary(other));
      return {
        ...toSummary(row),
        article: withAsterisks(row.article, true),
        translations: Object.fromEntries(
          translations.filter((t) => t.lang !== lang).map((t) => [t.lang, t.slug]),
        ),
        related,
      };
    },

    /** Every article: its key, language, slug and last change (the sitemap). */
    index(): Promise<{ key: string; lang: string; slug: string; updated_at: string }[]> {
      return articleIndex(db);
    },

    /** The worker's housekeeping: view records of past days are dropped. */
    forgetOldViews(): Promise<void> {
      return forgetViewsBefore(db, now().toISOString().slice(0, 10));
    },

    /** Every article as the staff console writes it. */
    staff: createStaffArticles({ db, now }),
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
