import { LRUCache } from 'lru-cache';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { SubtreeCache } from '../../client/components/static-subtree/static-subtree.tsx';
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
 * The markup of StaticSubtree contents by key, for the process (a few keys per language and
 * region and day; the LRU bounds it). A content that suspends is not kept.
 */
export function subtreeCache(max = 500): { forPage(): PageSubtrees } {
  const markup = new LRUCache<string, string>({ max });
  return {
    forPage() {
      let asked: [string, ReactNode][] | null = null;
      return {
        html(key) {
          const html = markup.get(key);
          keptSubtreeLookups.inc({ result: html === undefined ? 'miss' : 'hit' });
          return html;
        },
        fill(key, content) {
          if (!asked) asked = [];
          asked.push([key, content]);
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
