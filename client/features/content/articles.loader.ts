import { data, type LoaderFunctionArgs } from 'react-router';
import {
  ARTICLES_PAGE_SIZE,
  type ArticleSort,
  type ArticlesPage,
  type ArticleTag,
  type ArticleView,
  FEATURED_ARTICLES,
  isArticleTag,
} from '../../../shared/articles.ts';
import type { Locale } from '../../../shared/locales.ts';
import { ApiError } from '../../lib/api.ts';
import { callApi, pathOf } from '../../lib/endpoints.ts';

/** On the server: the articles service in process; in the browser: the API. */
export interface ArticlesReader {
  list(query: {
    lang: Locale;
    sort: ArticleSort;
    page: number;
    limit: number;
    tag?: ArticleTag;
  }): Promise<ArticlesPage>;
  article(lang: Locale, slug: string): Promise<ArticleView | null>;
}

export const ARTICLES_CONTEXT_KEY = 'articles';

/** The lists the browser was last given, by query: what a failed ask leaves on the page. */
const lastLists = new Map<string, ArticlesPage>();

const browserReader: ArticlesReader = {
  // SPEC §8: a failed list is logged to the console and the list left as it was (the last
  // one of that query, or an empty one the page says could not be loaded)
  list: async ({ lang, sort, page, limit, tag }) => {
    const query = { lang, sort, page: String(page), limit: String(limit), tag };
    const path = pathOf('GET articles', { query });
    try {
      const answer = await callApi('GET articles', { query });
      lastLists.set(path, answer);
      return answer;
    } catch (error) {
      console.error(`GET ${path} failed:`, error);
      return (
        lastLists.get(path) ?? { items: [], meta: { total: 0, page, limit }, unavailable: true }
      );
    }
  },
  // an unknown article is a 404 page; any other failure is logged and shown as the error it is
  article: (lang, slug) =>
    callApi('GET articles/:slug', { params: { slug }, query: { lang } }).catch((error: unknown) => {
      if (error instanceof ApiError && error.statusCode === 404) return null;
      console.error(`GET articles/${slug} failed:`, error);
      throw error;
    }),
};

const readerOf = (context: unknown): ArticlesReader =>
  (context as Record<string, ArticlesReader> | undefined)?.[ARTICLES_CONTEXT_KEY] ?? browserReader;

export interface BlogData {
  featured: ArticlesPage['items'];
  list: ArticlesPage;
  tag: ArticleTag | null;
}

/** /blog/: the 3 most read (SPEC §9) and a page of the newest, by tag when one is chosen. */
export function blogLoader(locale: Locale) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<BlogData> => {
    const reader = readerOf(context);
    const query = new URL(request.url).searchParams;
    const asked = query.get('tag');
    const tag = isArticleTag(asked) ? asked : null;
    const page = Math.max(1, Math.min(Number(query.get('page')) || 1, 100_000));
    const [featured, list] = await Promise.all([
      tag || page > 1
        ? Promise.resolve({ items: [] } as unknown as ArticlesPage)
        : reader.list({ lang: locale, sort: 'views', page: 1, limit: FEATURED_ARTICLES }),
      reader.list({
        lang: locale,
        sort: 'date',
        page,
        limit: ARTICLES_PAGE_SIZE,
        ...(tag ? { tag } : {}),
      }),
    ]);
    return { featured: featured.items, list, tag };
  };
}

/** /blog/{slug}/: the article; an unknown slug answers 404. */
export function articleLoader(locale: Locale) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<ArticleView> => {
    const slug = params.slug ?? '';
    const found = /^[a-z0-9-]{1,120}$/.test(slug)
      ? await readerOf(context).article(locale, slug)
      : null;
    if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
    return found;
  };
}
