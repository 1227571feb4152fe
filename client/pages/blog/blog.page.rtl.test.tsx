/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import type { ArticleSummary } from '#shared/articles.ts';
import { ApiRefusal, appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { type BlogData, blogLoader } from '../../features/content/articles.loader.ts';
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

  it('keeps the list it had when a topic’s list cannot be loaded, and logs the failure', async () => {
    const all = [1, 2, 3, 4, 5, 6].map(article);
    const tiktok = { ...article(7), heading: 'TikTok article', slug: 'tiktok-article' };
    let down = true;
    const api = fakeApi({
      'GET articles': ({ query }) => {
        if (query.get('tag') === 'tiktok')
          return down
            ? new ApiRefusal(503, 'The service is temporary unavailable')
            : page([tiktok]);
        return page(query.get('sort') === 'views' ? all.slice(0, 3) : all);
      },
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderPage(<BlogPage />, {
      store: appStore({}),
      pageId: 'blog',
      path: '/en/blog/',
      sets: ['pages'],
      // the route's loader as the router calls it (renderPage's type names no arguments)
      loader: (...args: unknown[]) => blogLoader('en')(args[0] as LoaderFunctionArgs),
      errorElement: <p>The error page</p>,
    });
    expect(await screen.findByText('Article 4')).toBeTruthy();

    // a topic chosen in the browser, whose list the API cannot give
    await user.click(screen.getByRole('link', { name: 'TikTok' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The articles could not be loaded just now. Try again',
    );
    expect(router.state.location.search).toBe('?tag=tiktok');
    for (const heading of ['Article 1', 'Article 4', 'Article 6'])
      expect(screen.getByText(heading)).toBeTruthy();
    // the topics still say which list is on screen
    const topics = screen.getByRole('navigation', { name: 'Topics' });
    expect(within(topics).getByRole('link', { current: 'page' }).textContent).toBe('All topics');
    expect(screen.queryByText('The error page')).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^GET articles\?.*&tag=tiktok failed:/),
      expect.anything(),
    );

    // asked again once the API is back, the topic's list replaces it
    down = false;
    await user.click(screen.getByRole('link', { name: 'Try again' }));
    expect(await screen.findByText('TikTok article')).toBeTruthy();
    expect(screen.queryByText('Article 4')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(topics).getByRole('link', { current: 'page' }).textContent).toBe('TikTok');
    logged.mockRestore();
    api.restore();
  });
});
