import { createContext, type ReactNode, use, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { RawIntlProvider } from 'react-intl';
import { keptKey } from '#client/components/static-subtree/kept-key.ts';
import {
  type KeptProps,
  KeptSubtree,
  keptContent,
  liveContent,
  type SubtreeCache,
  SubtreeCacheContext,
} from '#client/components/static-subtree/kept-subtree.tsx';
import { intlFor, registerMessageSet } from '#client/lib/intl.ts';
import { subtreeCache } from './subtree-cache.ts';

interface YearsProps extends KeptProps {
  until: number;
}

function Years({ until }: YearsProps) {
  return (
    <p>
      © {2019}–{until} Brand. <a href="/en/blog/">Blog</a>
    </p>
  );
}

const intl = intlFor('en', {});
// the server registers the kept texts at start (page-state.ts)
beforeAll(() => registerMessageSet('kept', 'en', {}));

function page(cache: SubtreeCache | null, content: ReactNode) {
  return renderToString(
    <SubtreeCacheContext value={cache}>
      <RawIntlProvider value={intl}>
        <main>{content}</main>
      </RawIntlProvider>
    </SubtreeCacheContext>,
  );
}

const years = liveContent('years', Years);
const footer = (content = years, until = 2026) => (
  <KeptSubtree as="footer" className="foot" content={content} props={{ locale: 'en', until }} />
);
const keyOf = (html: string) => html.match(/data-kept="([^"]+)"/)?.[1];

const kept = (view: ReturnType<ReturnType<typeof subtreeCache>['forPage']>) =>
  view.keep(
    (node) => node,
    (error) => {
      throw error;
    },
  );

describe('KeptSubtree and the subtree cache', () => {
  it('writes the same page from the kept markup as from the content, once the page is out', () => {
    const cache = subtreeCache();
    const first = cache.forPage();
    // a content shipped with the page (live) renders at once; its key is not written
    const rendered = page(first, footer());
    expect(keyOf(rendered)).toBeUndefined();
    expect(rendered).toContain('<footer class="foot"><p>© <!-- -->2019<!-- -->–');
    kept(first);
    const second = cache.forPage();
    // the content is not rendered again: its key's markup is written as it is
    expect(page(second, footer(liveContent('years', () => <p>other</p>)))).toBe(rendered);
    expect(page(cache.forPage(), footer(years, 2027))).toContain('2027');
  });

  it('waits for a content’s code before the page is written, and names its element by the key', async () => {
    const lazyYears = keptContent('years', async () => Years);
    // as the stream does for a page's first render: the shell waits for the code
    const { prelude } = await prerenderToNodeStream(
      <RawIntlProvider value={intl}>{footer(lazyYears)}</RawIntlProvider>,
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    html = `<main>${html}</main>`;
    expect(html).toMatch(/^<main><!--\$--><footer class="foot" data-kept="years\.[0-9a-z]+"><p>©/);
    // then it is there: a render without waiting
    const cache = subtreeCache();
    const first = cache.forPage();
    expect(page(first, footer(lazyYears))).toBe(html);
    kept(first);
    expect(page(cache.forPage(), footer(lazyYears))).toBe(html);
    // other props, another key
    const other = page(cache.forPage(), footer(lazyYears, 2030));
    expect(keyOf(other)).not.toBe(keyOf(html));
  });

  it('keeps nothing for a content that suspends or throws', () => {
    const cache = subtreeCache();
    const pending = new Promise<string>(() => {});
    const Waits = () => <span>{use(pending)}</span>;
    const Throws = () => {
      throw new Error('broken');
    };
    const errors: unknown[] = [];
    for (const bad of [liveContent('waits', Waits), liveContent('throws', Throws)]) {
      const view = cache.forPage();
      view.fill('footer|en', { content: bad, props: { locale: 'en' }, base: {} });
      view.keep(
        (node) => node,
        (error) => errors.push(error),
      );
    }
    expect(cache.forPage().html('footer|en')).toBeUndefined();
    expect(errors).toHaveLength(2);
  });

  it('keeps each key once and forgets the least used beyond its size in characters', () => {
    // room for two of these eight-character markups
    const cache = subtreeCache(16);
    for (const key of ['a', 'b', 'c']) {
      const view = cache.forPage();
      view.fill(key, {
        content: liveContent(key, () => <p>{key}</p>),
        props: { locale: 'en' },
        base: {},
      });
      view.keep(
        (node) => node,
        () => {},
      );
    }
    const view = cache.forPage();
    expect(view.html('a')).toBeUndefined();
    expect(view.html('c')).toBe('<p>c</p>');
  });

  it('refuses props that JSON would not keep as they are (the key would not say them)', () => {
    const view = subtreeCache().forPage();
    const NoDate = (_: KeptProps & { when: Date }) => <p />;
    const noDate = liveContent('no-date', NoDate);
    expect(() =>
      page(
        view,
        <KeptSubtree as="div" content={noDate} props={{ locale: 'en', when: new Date() }} />,
      ),
    ).toThrow(/plain data; "when"/);
  });

  it('renders a live content inside the providers it asks for, the same either way', () => {
    const Group = createContext<string | null>(null);
    const Menus = (_: KeptProps) => {
      const group = useContext(Group);
      if (!group) throw new Error('outside the group');
      return <a href="/en/">{group}</a>;
    };
    const menus = liveContent('menus', Menus, (content) => (
      <Group.Provider value="closed">{content}</Group.Provider>
    ));
    const nav = (cache: SubtreeCache | null) =>
      page(
        cache,
        <Group.Provider value="closed">
          <KeptSubtree as="div" className="strip" content={menus} props={{ locale: 'en' }} />
        </Group.Provider>,
      );
    const cache = subtreeCache();
    const first = cache.forPage();
    const rendered = nav(first);
    kept(first);
    // in a hydration boundary either way (components/hydration-boundary)
    expect(rendered).toBe(
      '<main><!--$--><div class="strip"><a href="/en/">closed</a></div><!--/$--></main>',
    );
    expect(nav(cache.forPage())).toBe(rendered);
  });
});

test("the cache's keys are keptKey's, remembered by name and props", () => {
  const cache = subtreeCache();
  const json = JSON.stringify({ locale: 'en', cards: [{ price: '$6.99' }] });
  const first = cache.forPage().keyOf('footer', json);
  expect(first).toBe(keptKey('footer', json));
  expect(cache.forPage().keyOf('footer', json)).toBe(first);
  // the same props under another content's name are another key
  expect(cache.forPage().keyOf('landing', json)).toBe(keptKey('landing', json));
  expect(cache.forPage().keyOf('landing', json)).not.toBe(first);
});
