/** @jest-environment jsdom */
import '../../../tests/support/jsdom.ts';
import { screen } from '@testing-library/react';
import type { ArticleSummary } from '../../../shared/articles.ts';
import { appStore, renderPage } from '../../../tests/support/render.tsx';
import type { BlogData } from '../../features/content/articles.loader.ts';
import BlogPage from './blog.page.tsx';

const article = (n: number): ArticleSummary => ({
  slug: `article-${n}`,
  lang: 'en',
  heading: `Article ${n}`,
  headtitle: `Article ${n}`,
  description: `About ${n}`,
  tags: ['instagram'],
  created_at: '2026-11-01T10:00:00.000Z',
  views: 100 - n,
  date: '1 November 2026',
  timestamp: Date.parse('2026-11-01T10:00:00.000Z'),
  withNotes: false,
  reading: 3,
  service: null,
});

function open(data: BlogData, path = '/en/blog/') {
  renderPage(<BlogPage />, {
    store: appStore({}),
    pageId: 'blog',
    path,
    sets: ['pages'],
    loader: () => data,
  });
}

const page = (items: ArticleSummary[]) => ({
  items,
  meta: { total: items.length, page: 1, limit: 12 },
});

describe('the blog', () => {
  it('says nothing is missing when the most read are all the articles there are', async () => {
    const three = [article(1), article(2), article(3)];
    open({ featured: three, list: page(three), tag: null });
    expect(await screen.findByText('Article 1')).toBeTruthy();
    expect(screen.queryByText('No articles on this topic yet.')).toBeNull();
    expect(screen.queryByText('No articles yet.')).toBeNull();
  });

  it('says a topic has no articles yet, and so does the whole blog when it has none', async () => {
    open({ featured: [], list: page([]), tag: 'instagram' }, '/en/blog/?tag=instagram');
    expect(await screen.findByText('No articles on this topic yet.')).toBeTruthy();
  });

  it('says the blog has no articles yet under all topics', async () => {
    open({ featured: [], list: page([]), tag: null });
    expect(await screen.findByText('No articles yet.')).toBeTruthy();
    expect(screen.queryByText('No articles on this topic yet.')).toBeNull();
  });

  it('says the articles could not be loaded, not that there are none', async () => {
    open({ featured: [], list: { ...page([]), unavailable: true }, tag: null });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The articles could not be loaded just now. Try again',
    );
    expect(screen.queryByText('No articles yet.')).toBeNull();
  });
});
