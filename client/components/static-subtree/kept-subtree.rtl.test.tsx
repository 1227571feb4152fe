/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { FormattedMessage, RawIntlProvider } from 'react-intl';
import { createMemoryRouter, useSearchParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import baseMessages from '#locales/en.json' with { type: 'json' };
import keptMessages from '#locales/kept/en.json' with { type: 'json' };
import { nextTurn } from '#tests/support/eventually.ts';
import { expandMessages, intlFor, registerMessageSet } from '../../lib/intl.ts';
import { keptKey } from './kept-key.ts';
import {
  KeptAlone,
  type KeptContent,
  type KeptFill,
  KeptPageContext,
  type KeptProps,
  KeptSubtree,
  keptContent,
  keptPage,
  type SubtreeCache,
  SubtreeCacheContext,
} from './kept-subtree.tsx';

/**
 * A kept subtree from the server's render to the browser's: the browser hydrates it over the
 * server's markup without its content's code (no mismatch), follows the links in that markup
 * through the router, and renders its content itself (its chunk loaded then) only for a key
 * the page did not come with.
 */

/** The content: a word and a link, and one of the kept texts. */
function Words({ word }: KeptProps & { word: string }) {
  return (
    <p>
      <a href="/en/blog/">{word}</a> <FormattedMessage id="rules.heading" />
    </p>
  );
}

type WordsContent = KeptContent<KeptProps & { word: string }>;

function Page({ content }: { content: WordsContent }) {
  const word = useSearchParams()[0].get('word') ?? 'one';
  return <KeptSubtree as="div" className="box" content={content} props={{ locale: 'en', word }} />;
}

const intl = () => intlFor('en', expandMessages(baseMessages));

/** A channel whose messages go nowhere: react-dom/server makes one as it loads. */
class IdleChannel {
  port1 = { onmessage: null };
  port2 = { postMessage() {} };
}

// the server's render, loaded once jsdom has what react-dom/server makes as it loads
let renderToString: (element: ReactNode) => string;
beforeAll(async () => {
  globalThis.MessageChannel ??= IdleChannel as unknown as typeof MessageChannel;
  ({ renderToString } = await import('react-dom/server'));

  // the kept texts as if their chunk had come (jsdom loads no chunk)
  registerMessageSet('kept', 'en', expandMessages(keptMessages));
});

/** The server's cache as server/ssr/subtree-cache.ts keeps it (tested there), in short. */
function subtreeCache() {
  const markup = new Map<string, string>();
  return {
    forPage() {
      const asked = new Map<string, ReactNode>();
      return {
        html: (key: string) => markup.get(key),
        keyOf: keptKey,
        fill: <P extends KeptProps>(key: string, kept: KeptFill<P>) =>
          void asked.set(key, <KeptAlone {...kept} />),
        keep() {
          for (const [key, content] of asked) markup.set(key, renderToString(content));
        },
      };
    },
  };
}

/** What the server writes: a render that waits for the content's code (as the stream does). */
async function serverPage(cache: SubtreeCache): Promise<string> {
  const server = keptContent('words', async () => Words);
  const router = createMemoryRouter([{ path: '*', element: <Page content={server} /> }], {
    initialEntries: ['/en/'],
  });
  const page = () =>
    renderToString(
      <SubtreeCacheContext value={cache}>
        <RawIntlProvider value={intl()}>
          <RouterProvider router={router} />
        </RawIntlProvider>
      </SubtreeCacheContext>,
    );
  try {
    return page();
  } catch {
    // the content's chunk was not there yet: one turn of the event loop brings it
    await nextTurn();
    return page();
  }
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function hydrate(html: string, content: WordsContent) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const router = createMemoryRouter([{ path: '*', element: <Page content={content} /> }], {
    initialEntries: ['/en/'],
  });
  const recovered: unknown[] = [];
  const page = keptPage(container, 'en', (to, options) => router.navigate(to, options));
  const app: ReactNode = (
    <KeptPageContext value={page}>
      <RawIntlProvider value={intl()}>
        <RouterProvider router={router} />
      </RawIntlProvider>
    </KeptPageContext>
  );
  await act(async () => {
    root = hydrateRoot(container, app, {
      onRecoverableError: (error) => recovered.push(error),
    });
  });
  return { router, box: container.querySelector('.box')!, recovered };
}

describe.each([
  ['rendered by the page', false],
  ['from the cache', true],
])('the server’s markup %s', (_, fromCache) => {
  let html = '';
  beforeAll(async () => {
    const cache = subtreeCache();
    const first = cache.forPage();
    html = await serverPage(first);
    first.keep();
    if (fromCache) html = await serverPage(cache.forPage());
  });

  test('is hydrated as it is, without the content’s code, and with no mismatch', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const load = jest.fn(async () => Words);
    const { box, recovered } = await hydrate(html, keptContent('words', load));
    expect(html).toMatch(/<div class="box" data-kept="words\.[0-9a-z]+"><p>/);
    expect(recovered).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(load).not.toHaveBeenCalled();
    expect(box.textContent).toBe('one Good to know');
  });
});

test('a link in the kept markup goes through the router; another key renders the content', async () => {
  const html = await serverPage(subtreeCache().forPage());
  const serverMarkup = html.match(/<div class="box"[^>]*>(.*?)<\/div>/)![1];
  const load = jest.fn(async () => Words);
  const { router, recovered } = await hydrate(html, keptContent('words', load));
  const link = document.querySelector('.box a')!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  await act(async () => {
    link.dispatchEvent(click);
  });
  expect(click.defaultPrevented).toBe(true);
  expect(router.state.location.pathname).toBe('/en/blog/');
  expect(load).not.toHaveBeenCalled();

  await act(async () => {
    await router.navigate('/en/?word=two');
  });
  expect(load).toHaveBeenCalledTimes(1);
  expect(document.querySelector('.box')!.textContent).toBe('two Good to know');
  // its links go through the router too
  const rendered = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  await act(async () => {
    document.querySelector('.box a')!.dispatchEvent(rendered);
  });
  expect(rendered.defaultPrevented).toBe(true);
  expect(router.state.location.pathname).toBe('/en/blog/');

  // back to the server's key: its markup again, as the server wrote it
  await act(async () => {
    await router.navigate('/en/');
  });
  expect(document.querySelector('.box')!.innerHTML).toBe(serverMarkup);
  expect(recovered).toEqual([]);
});

test('a click with a modifier, or on another site’s link, is the browser’s', async () => {
  const html = await serverPage(subtreeCache().forPage());
  const { router } = await hydrate(
    html,
    keptContent('words', async () => Words),
  );
  const click = new MouseEvent('click', {
    bubbles: true,
    cancelable: true,
    button: 0,
    ctrlKey: true,
  });
  await act(async () => {
    document.querySelector('.box a')!.dispatchEvent(click);
  });
  expect(click.defaultPrevented).toBe(false);
  expect(router.state.location.pathname).toBe('/en/');
});
