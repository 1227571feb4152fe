/** @jest-environment jsdom */
import '../../../tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { FormattedMessage, RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { createMemoryRouter, useSearchParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import baseMessages from '../../../locales/en.json' with { type: 'json' };
import keptMessages from '../../../locales/kept/en.json' with { type: 'json' };
import { appStore } from '../../../tests/support/render.tsx';
import { expandMessages, intlFor, registerMessageSet } from '../../lib/intl.ts';
import { collectKeptMarkup, KeptSubtree, keptContent } from './kept-subtree.tsx';

/**
 * A kept subtree in the browser: it hydrates over the server's markup without its content's
 * code, follows the links in that markup through the router, and renders its content itself
 * (its chunk and texts loaded then) only for another key.
 */

/** The content: a word and a link, and one of the kept texts. */
function Words({ word }: { word: string }) {
  return (
    <p>
      <a href="/en/blog/">{word}</a> <FormattedMessage id="rules.heading" />
    </p>
  );
}

const load = jest.fn(async () => Words);
const words = keptContent('words', load);

function Page() {
  const word = useSearchParams()[0].get('word') ?? 'one';
  return (
    <KeptSubtree
      as="div"
      className="box"
      cacheKey={`words|${word}`}
      content={words}
      props={{ word }}
    />
  );
}

// what the server writes for the key `words|one` (Words rendered by React, in its boundary)
const SERVER_MARKUP = '<p><a href="/en/blog/">one</a> <!-- -->Good to know</p>';
const SERVER_PAGE = `<!--$--><div class="box" data-kept="words">${SERVER_MARKUP}</div><!--/$-->`;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

async function hydrate() {
  // the kept texts as if their chunk had come (jsdom loads no chunk)
  registerMessageSet('kept', 'en', expandMessages(keptMessages));
  const container = document.createElement('div');
  container.innerHTML = SERVER_PAGE;
  document.body.append(container);
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: ['/en/'],
  });
  const recovered: unknown[] = [];
  collectKeptMarkup(container);
  await act(async () => {
    root = hydrateRoot(
      container,
      <Provider store={appStore({})}>
        <RawIntlProvider value={intlFor('en', expandMessages(baseMessages))}>
          <RouterProvider router={router} />
        </RawIntlProvider>
      </Provider>,
      { onRecoverableError: (error) => recovered.push(error) },
    );
  });
  const box = container.querySelector('.box')!;
  return { router, box, recovered };
}

test('hydrates over the server’s markup without loading its content', async () => {
  const { box, recovered } = await hydrate();
  expect(recovered).toEqual([]);
  expect(load).not.toHaveBeenCalled();
  expect(box.innerHTML).toBe(SERVER_MARKUP);
});

test('a link in the kept markup goes through the router; another key renders the content', async () => {
  load.mockClear();
  const { router, recovered } = await hydrate();
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
  const box = document.querySelector('.box')!;
  expect(box.textContent).toBe('two Good to know');

  // back to the server's key: its markup again, as the server wrote it
  await act(async () => {
    await router.navigate('/en/');
  });
  expect(document.querySelector('.box')!.innerHTML).toBe(SERVER_MARKUP);
  expect(recovered).toEqual([]);
});
