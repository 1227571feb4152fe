import { LRUCache } from 'lru-cache';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { keptKey, propsJson } from '#client/components/static-subtree/kept-key.ts';
import { KeptAlone, type SubtreeCache } from '#client/components/static-subtree/kept-subtree.tsx';
import { keptSubtreeLookups } from '../lib/metrics.ts';
import { CLIENT_RENDERED_BOUNDARY } from './page-document.tsx';

/** A page's view of the subtree cache, and the subtrees it asked for. */
export interface PageSubtrees extends SubtreeCache {
  /**
   * Renders the subtrees the page asked for (called once the page has been sent), each inside
   * the page's own providers, and keeps their markup for the next pages.
   */
  keep(wrap: (content: ReactNode) => ReactNode, onError: (error: unknown) => void): void;
}

/**
 * The markup of kept subtrees' contents by key, for the process, bounded by characters (an
 * LRU). Every page of the sitemap in one region and currency has 541 distinct kept subtrees,
 * 2.3 M characters (~4 KB each); the default holds that about three times over, so a crawl
 * of every page and language does not push out what people read. A content that suspends is
 * not kept.
 */
export function subtreeCache(maxChars = 8_000_000): { forPage(): PageSubtrees } {
  const markup = new LRUCache<string, string>({
    maxSize: maxChars,
    sizeCalculation: (html) => Math.max(1, html.length),
  });
  // a key hashes its props' JSON (a few KB for a landing's sections) in a loop of JS: the
  // same props come again page after page, and a Map finds their key by V8's own string hash.
  // Bounded by the JSON's characters (a million, ~2 MB), as the markup is, not by count
  const keys = new LRUCache<string, string>({
    maxSize: 1_000_000,
    sizeCalculation: (_, asked) => asked.length,
  });
  const keyOf = (name: string, json: string) => {
    const asked = `${name}\u0000${json}`;
    const known = keys.get(asked);
    if (known !== undefined) return known;
    const key = keptKey(name, json);
    keys.set(asked, key);
    return key;
  };
  return {
    forPage() {
      let asked: [string, ReactNode][] | null = null;
      return {
        keyOf,
        html(key) {
          const html = markup.get(key);
          keptSubtreeLookups.inc({ result: html === undefined ? 'miss' : 'hit' });
          return html;
        },
        fill(key, kept) {
          // a key must say everything its content renders from: plain data only, or the page
          // fails here, in development and tests as in production
          propsJson(kept.props);
          if (!asked) asked = [];
          asked.push([key, createElement(KeptAlone<typeof kept.props>, kept)]);
        },
        keep(wrap, onError) {
          if (!asked) return;
          for (const [key, content] of asked) {
            if (markup.has(key)) continue;
            try {
              const html = renderToString(wrap(content));
              if (!html.includes(CLIENT_RENDERED_BOUNDARY)) markup.set(key, html);
            } catch (error) {
              onError(error);
            }
          }
          asked = null;
        },
      };
    },
  };
}
