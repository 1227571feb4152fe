import { data, type LoaderFunctionArgs } from 'react-router';
import {
  ARTICLES_PAGE_SIZE,
  type ArticleSort,
  type ArticlesPage,
  type ArticleTag,
  type ArticleView,
  FEATURED_ARTICLES,
  isArticleTag,
} from '#shared/articles.ts';
import type { Locale } from '#shared/locales.ts';
import { ApiError } from '../../lib/api.ts';
import { pathOf } from '../../lib/endpoints.ts';
import { type ApiClient, apiOf } from '../../lib/route-api.ts';

/** The lists last given, by query (a few): what a failed ask leaves on the page. */
const lastLists = new Map<string, ArticlesPage>();
const KEPT_LISTS = 20;

type ListQuery = {
  lang: Locale;
  sort: ArticleSort;
  page: number;
  limit: number;
  tag?: ArticleTag;
};

/**
 * A list of articles; a failure is logged to the console and the list left as it was (the last
 * one of that query, or an empty one the page says could not be loaded).
 */
async function listOf(api: ApiClient, { lang, sort, page, limit, tag }: ListQuery) {
  const query = { lang, sort, page: String(page), limit: String(limit), tag };
  const path = pathOf('GET articles', { query });
  try {
    const answer = await api('GET articles', { query });
    lastLists.delete(path);
    lastLists.set(path, answer);
    if (lastLists.size > KEPT_LISTS) lastLists.delete(lastLists.keys().next().value!);
    return answer;
  } catch (error) {
    console.error(`GET ${path} failed:`, error);
    return lastLists.get(path) ?? { items: [], meta: { total: 0, page, limit }, unavailable: true };
  }
}

export interface BlogData {
  featured: ArticlesPage['items'];
  list: ArticlesPage;
  tag: ArticleTag | null;
}

/** /blog/: the 3 most read (docs/product.md §13) and a page of the newest, by tag when one is chosen. */
export function blogLoader(locale: Locale) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<BlogData> => {
    const api = apiOf(context);
    const query = new URL(request.url).searchParams;
    const asked = query.get('tag');
    const tag = isArticleTag(asked) ? asked : null;
    const page = Math.max(1, Math.min(Number(query.get('page')) || 1, 100_000));
    const [featured, list] = await Promise.all([
      tag || page > 1
        ? Promise.resolve({ items: [] } as unknown as ArticlesPage)
        : listOf(api, { lang: locale, sort: 'views', page: 1, limit: FEATURED_ARTICLES }),
      listOf(api, {
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
    // an unknown article is a 404 page; any other failure is logged and shown as the error it is
    const found = /^[a-z0-9-]{1,120}$/.test(slug)
      ? await apiOf(context)('GET articles/:slug', {
          params: { slug },
          query: { lang: locale },
        }).catch((error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 404) return null;
          console.error(`GET articles/${slug} failed:`, error);
          throw error;
        })
      : null;
    if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
    return found;
  };
}
