/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { type LoaderFunctionArgs, RouterContextProvider } from 'react-router';
import type { ArticlesPage } from '#shared/articles.ts';
import { ApiRefusal, fakeApi } from '#tests/support/render.tsx';
import { articleLoader, blogLoader } from './articles.loader.ts';

/** In the browser: a failed articles list is logged and kept; a failed article is no 404. */
const args = (url: string, params: Record<string, string> = {}) =>
  ({
    request: new Request(url),
    params,
    context: new RouterContextProvider(),
  }) as unknown as LoaderFunctionArgs;

const PAGE: ArticlesPage = { items: [], meta: { total: 8, page: 1, limit: 12 } };

describe('the blog’s loaders in the browser', () => {
  let api: ReturnType<typeof fakeApi>;
  let down: boolean;
  let logged: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    down = false;
    api = fakeApi({
      'GET articles': () =>
        down ? new ApiRefusal(503, 'The service is temporary unavailable') : PAGE,
      'GET articles/gone': () => new ApiRefusal(404, 'Article not found'),
      'GET articles/broken': () => new ApiRefusal(500, 'An error occurred'),
    });
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    api.restore();
    logged.mockRestore();
  });

  it('keeps the list it had when the next ask fails, and logs the failure', async () => {
    const load = blogLoader('de');
    expect((await load(args('https://shop.test/de/blog/?tag=tiktok'))).list).toEqual(PAGE);
    down = true;
    expect((await load(args('https://shop.test/de/blog/?tag=tiktok'))).list).toEqual(PAGE);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^GET articles\?lang=de&sort=date/),
      expect.anything(),
    );
  });

  it('marks a list it never had as unavailable rather than empty', async () => {
    down = true;
    const { list } = await blogLoader('it')(args('https://shop.test/it/blog/?page=3'));
    expect(list).toMatchObject({ items: [], unavailable: true });
  });

  it('answers 404 for an unknown article and the error itself for a failed one', async () => {
    await expect(
      articleLoader('en')(args('https://shop.test/en/blog/gone/', { slug: 'gone' })),
    ).rejects.toMatchObject({ init: { status: 404 } });
    await expect(
      articleLoader('en')(args('https://shop.test/en/blog/broken/', { slug: 'broken' })),
    ).rejects.toMatchObject({ message: 'An error occurred', statusCode: 500 });
    expect(logged).toHaveBeenCalledWith('GET articles/broken failed:', expect.anything());
  });
});
