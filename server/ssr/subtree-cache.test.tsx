import { createContext, use, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import {
  StaticSubtree,
  type SubtreeCache,
  SubtreeCacheContext,
} from '../../client/components/static-subtree/static-subtree.tsx';
import { subtreeCache } from './subtree-cache.ts';

function page(cache: SubtreeCache | null, content: React.ReactNode) {
  return renderToString(
    <SubtreeCacheContext.Provider value={cache}>
      <main>
        <StaticSubtree as="footer" className="foot" cacheKey="footer|en">
          {content}
        </StaticSubtree>
      </main>
    </SubtreeCacheContext.Provider>,
  );
}

const content = (
  <p>
    © {2019}–{2026} Brand. <a href="/en/blog/">Blog</a>
  </p>
);

describe('StaticSubtree and the subtree cache', () => {
  it('writes the same page from the kept markup as from the content, once the page is out', () => {
    const cache = subtreeCache();
    const first = cache.forPage();
    const rendered = page(first, content);
    expect(first.html('footer|en')).toBeUndefined();
    first.keep(
      (node) => node,
      (error) => {
        throw error;
      },
    );
    const second = cache.forPage();
    expect(second.html('footer|en')).toBeDefined();
    // the content is not rendered again: a different content under the same key is not seen
    expect(page(second, <p>other</p>)).toBe(rendered);
    expect(rendered).toContain('<footer class="foot"><p>© <!-- -->2019<!-- -->–');
  });

  it('renders the content itself where there is no cache (the browser)', () => {
    expect(page(null, content)).toContain('<a href="/en/blog/">Blog</a>');
  });

  it('keeps nothing for a content that suspends or throws', () => {
    const cache = subtreeCache();
    const pending = new Promise<string>(() => {});
    const Waits = () => <span>{use(pending)}</span>;
    const Throws = () => {
      throw new Error('broken');
    };
    const errors: unknown[] = [];
    for (const bad of [<Waits key="w" />, <Throws key="t" />]) {
      const view = cache.forPage();
      view.fill('footer|en', bad);
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
      view.fill(key, <p>{key}</p>);
      view.keep(
        (node) => node,
        () => {},
      );
    }
    const view = cache.forPage();
    expect(view.html('a')).toBeUndefined();
    expect(view.html('c')).toBe('<p>c</p>');
  });

  it('renders a kept content inside the providers it asks for, and names the element alike', () => {
    const Group = createContext<string | null>(null);
    const Menus = () => {
      const group = useContext(Group);
      if (!group) throw new Error('outside the group');
      return <a href="/en/">{group}</a>;
    };
    const nav = (cache: SubtreeCache | null) =>
      renderToString(
        <SubtreeCacheContext.Provider value={cache}>
          <Group.Provider value="closed">
            <StaticSubtree
              as="nav"
              label="Platforms"
              cacheKey="nav|en"
              keepWith={(content) => <Group.Provider value="closed">{content}</Group.Provider>}
            >
              <Menus />
            </StaticSubtree>
          </Group.Provider>
        </SubtreeCacheContext.Provider>,
      );
    const cache = subtreeCache();
    const first = cache.forPage();
    const rendered = nav(first);
    first.keep(
      (node) => node,
      (error) => {
        throw error;
      },
    );
    // in a hydration boundary either way (components/hydration-boundary)
    expect(rendered).toBe(
      '<!--$--><nav aria-label="Platforms"><a href="/en/">closed</a></nav><!--/$-->',
    );
    expect(nav(cache.forPage())).toBe(rendered);
  });
});
