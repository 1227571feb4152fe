import { Children, isValidElement, type ReactElement, type ReactNode, useEffect } from 'react';

/** The tags a page owns in <head>; the rest of the head is the document's and stays. */
const PAGE_TAGS =
  'title,meta[name="description"],meta[name="robots"],meta[name^="twitter:"],' +
  'meta[property^="og:"],link[rel="canonical"],link[rel="alternate"]';

/** JSX prop names that are not the attribute's own name. */
const ATTRIBUTE: Record<string, string> = { hrefLang: 'hreflang', charSet: 'charset' };

type TagProps = Record<string, unknown> & { children?: ReactNode };

function elementOf({ type, props }: ReactElement<TagProps>): HTMLElement {
  const element = document.createElement(type as string);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children') element.textContent = Children.toArray(value as ReactNode).join('');
    else if (value != null && value !== false)
      element.setAttribute(ATTRIBUTE[name] ?? name, String(value));
  }
  return element;
}

/** Puts the page's tags in place of the previous page's (skipped when they are the same). */
export function syncHead(children: ReactNode): void {
  const next = Children.toArray(children)
    .filter((child): child is ReactElement<TagProps> => isValidElement(child))
    .map(elementOf);
  const current = [...document.head.querySelectorAll(PAGE_TAGS)];
  const html = (elements: Element[]) => elements.map((element) => element.outerHTML).join('');
  if (html(current) === html(next)) return;
  for (const element of current) element.remove();
  document.head.append(...next);
}

/**
 * A page's title, meta and link tags. The server renders them and React hoists them into
 * <head>; the browser (Preact, which renders in place) writes them into <head> itself, on
 * hydration and after every client navigation.
 */
export function Head({ children }: { children: ReactNode }) {
  useEffect(() => syncHead(children));
  return typeof document === 'undefined' ? children : null;
}
