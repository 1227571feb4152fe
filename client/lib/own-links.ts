import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/** One of our own paths ('/en/login/'), not another site's address nor a relative one. */
export const isOwnPath = (to: string): boolean => to.startsWith('/') && !to.startsWith('//');

/**
 * A click on a link to one of our own paths goes through the router (a client navigation)
 * when it is a plain primary click meant for this tab, as react-router's Link decides: no
 * modifier key, no other target, no download; to the very address the page is at, it
 * replaces the history entry rather than adding one. Everything else is the browser's.
 * Our links (components/link) and the links inside kept markup (kept-subtree.tsx) use it.
 */
export function followOwnLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest('a[href]');
  if (!anchor || (anchor.getAttribute('target') ?? '_self') !== '_self') return;
  if (anchor.hasAttribute('download')) return;
  const href = anchor.getAttribute('href')!;
  if (!isOwnPath(href)) return;
  event.preventDefault();
  const { pathname, search, hash } = window.location;
  navigate(href, { replace: href === pathname + search + hash });
}
