import { createContext, type ReactNode, useContext } from 'react';
import { HydrationBoundary } from '../hydration-boundary/hydration-boundary.tsx';

/**
 * The server's store of finished markup for subtrees that depend on a key only (the footer,
 * the header's menus, the landings' sections: docs/architecture.md lists their keys). Absent
 * in the browser.
 */
export interface SubtreeCache {
  /** The subtree's markup, when a page already rendered it for this key. */
  html(key: string): string | undefined;
  /** Asks for the subtree to be rendered and kept once the page has been sent. */
  fill(key: string, content: ReactNode): void;
}

export const SubtreeCacheContext = createContext<SubtreeCache | null>(null);

interface StaticSubtreeProps {
  as: 'footer' | 'div' | 'nav';
  className?: string;
  /** the element's aria-label (a nav's name) */
  label?: string;
  /** Everything the content depends on: one key, one markup. */
  cacheKey: string;
  /**
   * Providers the content needs when it is rendered on its own, beyond the page's own
   * context (the header's dropdown group); they must write no markup of their own.
   */
  keepWith?: (content: ReactNode) => ReactNode;
  /** a KeptSubtree's name, written as `data-kept` for the browser (kept-subtree.tsx) */
  kept?: string;
  children: ReactNode;
}

/**
 * An element whose content is the same for every page with the same key. On the server the
 * content is rendered once per key and then written from its markup (React renders it for
 * every page otherwise: ~100 elements for the footer); the markup is what React writes for
 * the content in place, so the browser hydrates the content itself against it as usual.
 * The content must not use useId or hoist anything into <head>: it is rendered on its own.
 */
export function StaticSubtree({
  as: Tag,
  className,
  label,
  cacheKey,
  keepWith,
  kept,
  children,
}: StaticSubtreeProps) {
  const cache = useContext(SubtreeCacheContext);
  const html = cache?.html(cacheKey);
  if (html === undefined) cache?.fill(cacheKey, keepWith ? keepWith(children) : children);
  // the browser hydrates it after the page's shell, on its own (it depends on its key only);
  // the boundary is the same whichever way the server writes the content
  return (
    <HydrationBoundary>
      {html === undefined ? (
        <Tag className={className} aria-label={label} data-kept={kept}>
          {children}
        </Tag>
      ) : (
        <Tag
          className={className}
          aria-label={label}
          data-kept={kept}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React itself rendered from our own components
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </HydrationBoundary>
  );
}
