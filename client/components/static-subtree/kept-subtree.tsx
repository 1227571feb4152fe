import {
  type ComponentType,
  createContext,
  lazy,
  type MouseEvent,
  type ReactNode,
  use,
  useContext,
  useDeferredValue,
} from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import type { Locale } from '#shared/locales.ts';
import type { MessageSet } from '#shared/message-sets.ts';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { ON_SERVER } from '../../lib/environment.ts';
import { intlWithSets, loadMessageSets, type Messages } from '../../lib/intl.ts';
import { HydrationBoundary } from '../hydration-boundary/hydration-boundary.tsx';
import { keptKey } from './kept-key.ts';

/**
 * Kept subtrees (docs/architecture.md, "In the browser"): parts of a page that are words and
 * links only (the footer, a landing's hero words and sections), or nearly (the header's
 * menus). Each is a content component whose props are everything it renders from, its
 * language included: it reads no store, router or context of its own, only the intl this
 * component derives from `locale`. Its key is derived from those props (their JSON, hashed:
 * kept-key.ts; the server checks they are plain data that JSON keeps as they are), so the
 * server keeps its markup per key and the browser keeps the server's markup of that key,
 * without the content's code.
 */

/** What every kept content renders from (with the rest of its props: plain data only). */
export interface KeptProps {
  locale: Locale;
}

type RenderWith<P> = (Content: ComponentType<P>) => ReactNode;

export interface KeptContent<P> {
  /** the key's first part: `footer.<hash of the props>` */
  readonly name: string;
  /** renders its children with the content, once the content's code is there */
  readonly Code: ComponentType<{ children: RenderWith<P> }>;
  /** shipped and hydrated with its code (it has handlers), not kept as markup in the browser */
  readonly live: boolean;
  /** the providers a live content needs when rendered on its own; they write no markup */
  readonly keepWith?: (content: ReactNode) => ReactNode;
}

/** The texts kept contents use, and nothing else does: loaded with their code. */
const KEPT_SETS: readonly MessageSet[] = ['kept'];

/**
 * A content in a chunk of its own (React.lazy), which the browser loads only to render it
 * itself: a key whose markup the page did not come with.
 */
export function keptContent<P extends KeptProps>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): KeptContent<P> {
  if (ON_SERVER) {
    // the server loads the code as it starts (it evaluates every module before its first
    // page), so no page waits for it: React's `use` reads a promise whose status says it has
    // settled at once (React's own thenable protocol), where a lazy would suspend the first
    // page once, and a streamed page shows nothing without JavaScript
    const loading = load();
    loading.then(
      (Content) => Object.assign(loading, { status: 'fulfilled', value: Content }),
      (reason: unknown) => Object.assign(loading, { status: 'rejected', reason }),
    );
    return { name, Code: ({ children }) => children(use(loading)), live: false };
  }
  const Code = lazy(() =>
    // a chunk that cannot be loaded (a deploy replaced it) reloads the page, as a screen's does
    importWithReload(load).then((Content) => ({
      default: ({ children }: { children: RenderWith<P> }) => children(Content),
    })),
  );
  return { name, Code, live: false };
}

/** A content shipped with the page and hydrated (the header's menus open and close). */
export function liveContent<P extends KeptProps>(
  name: string,
  Content: ComponentType<P>,
  keepWith?: (content: ReactNode) => ReactNode,
): KeptContent<P> {
  return { name, Code: ({ children }) => children(Content), live: true, keepWith };
}

/** What the server's cache renders on its own for a key (KeptAlone). */
export interface KeptFill<P extends KeptProps> {
  content: KeptContent<P>;
  props: P;
  /** the page's messages */
  base: Messages;
}

/** The server's markup per key for the process (server/ssr/subtree-cache.ts). */
export interface SubtreeCache {
  /** The subtree's markup, when a page already rendered it for this key. */
  html(key: string): string | undefined;
  /** Asks for the subtree to be rendered on its own and kept once the page has been sent. */
  fill<P extends KeptProps>(key: string, kept: KeptFill<P>): void;
  /** keptKey, remembered by the props' JSON: most pages ask for keys asked before */
  keyOf(name: string, json: string): string;
}

export const SubtreeCacheContext = createContext<SubtreeCache | null>(null);

/** The browser's side: made by client/app/start.tsx from the page it hydrates. */
export interface KeptPage {
  /** the server's markup of a kept subtree in this page, as it was before hydrating */
  markup(key: string): string | undefined;
  /** the kept texts, loaded once, when the page first renders a content itself */
  texts(): Promise<void>;
  /** a click in a kept subtree (delegated to its element): our own links use the router */
  follow(event: MouseEvent<HTMLElement>): void;
}

export const KeptPageContext = createContext<KeptPage | null>(null);

type Navigate = (to: string, options: { replace: boolean }) => unknown;

/** The page's kept subtrees (by `data-kept`) and what their links and texts need. */
export function keptPage(root: ParentNode, locale: Locale, navigate: Navigate): KeptPage {
  const found = new Map<string, Element | string>();
  for (const element of root.querySelectorAll('[data-kept]'))
    found.set(element.getAttribute('data-kept')!, element);
  let texts: Promise<void> | undefined;
  return {
    markup(key) {
      const element = found.get(key);
      if (element === undefined || typeof element === 'string') return element;
      // read once, on the first render (hydration), before React may replace it
      const html = element.innerHTML;
      found.set(key, html);
      return html;
    },
    texts: () => {
      texts ??= importWithReload(() => loadMessageSets(KEPT_SETS, locale));
      return texts;
    },
    follow: (event) => followOwnLink(event, navigate),
  };
}

/**
 * A plain primary click meant for this tab on a link to one of our own paths is a client
 * navigation, as react-router's Link decides: no modifier key, no other target, no download;
 * to the very address the page is at, it replaces the history entry. The rest is the browser's.
 */
function followOwnLink(event: MouseEvent<HTMLElement>, navigate: Navigate): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest('a[href]');
  if (!anchor || (anchor.getAttribute('target') ?? '_self') !== '_self') return;
  if (anchor.hasAttribute('download')) return;
  const href = anchor.getAttribute('href')!;
  if (!href.startsWith('/') || href.startsWith('//')) return;
  event.preventDefault();
  const { pathname, search, hash } = window.location;
  navigate(href, { replace: href === pathname + search + hash });
}

interface KeptIntlProps {
  locale: Locale;
  /** the page's messages: the language's (the page's language is the content's) */
  base: Messages;
  live: boolean;
  /** loads the kept texts (the browser), or undefined (the server has them all) */
  texts: (() => Promise<void>) | undefined;
  children: ReactNode;
}

/**
 * The content's intl, from its `locale`, with the kept texts unless it is live (outside a
 * page, as in a component's test, the page's messages are taken as they are).
 */
function KeptIntl({ locale, base, live, texts, children }: KeptIntlProps) {
  const sets = live ? [] : KEPT_SETS;
  let intl = intlWithSets(locale, base, sets);
  if (!intl && texts) use(texts());
  intl ??= intlWithSets(locale, base, texts ? sets : []);
  return <RawIntlProvider value={intl!}>{children}</RawIntlProvider>;
}

/** A content on its own, as the server's cache renders it (server/ssr/subtree-cache.ts). */
export function KeptAlone<P extends KeptProps>({ content, props, base }: KeptFill<P>) {
  const alone = (
    <content.Code>
      {(Content) => (
        <KeptIntl locale={props.locale} base={base} live={content.live} texts={undefined}>
          <Content {...props} />
        </KeptIntl>
      )}
    </content.Code>
  );
  return content.keepWith ? content.keepWith(alone) : alone;
}

interface KeptSubtreeProps<P extends KeptProps> {
  as: 'footer' | 'div';
  className?: string;
  content: KeptContent<P>;
  props: P;
}

/**
 * One element whose content is rendered from `props` alone. The server writes its key as
 * `data-kept` and its markup from the cache when a page already rendered that key (else it
 * renders it, and the cache renders it again on its own once the page is out). The browser
 * renders the server's markup of the key as the element's inner HTML, which React hydrates
 * without looking inside and leaves as it is; for a key the page did not come with (a client
 * navigation, another currency) it renders the content, once its code and texts are there:
 * it waits above its region, so a navigation keeps the page it leaves on screen meanwhile.
 */
export function KeptSubtree<P extends KeptProps>({
  as: Tag,
  className,
  content,
  props,
}: KeptSubtreeProps<P>) {
  const cache = useContext(SubtreeCacheContext);
  const page = useContext(KeptPageContext);
  const base = useIntl().messages as Messages;
  const json = JSON.stringify(props);
  // new props from an urgent update (a currency switch) show once their content can: until
  // its code is there the deferred render waits, and the subtree stays as it is
  const shown = useDeferredValue(json);
  // the server remembers keys (its cache); the browser's build drops that branch
  const key = ON_SERVER && cache ? cache.keyOf(content.name, shown) : keptKey(content.name, shown);
  const shownProps: P = shown === json ? props : JSON.parse(shown);
  const html = cache ? cache.html(key) : content.live ? undefined : page?.markup(key);
  const element = { className, 'data-kept': content.live ? undefined : key, onClick: page?.follow };
  if (html !== undefined)
    return (
      <HydrationBoundary>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered from our own components */}
        <Tag {...element} dangerouslySetInnerHTML={{ __html: html }} />
      </HydrationBoundary>
    );
  // the server renders it on its own after the page, and keeps its markup for the next ones
  cache?.fill(key, { content, props, base });
  // the browser hydrates it after the page's shell, in a region of its own
  return (
    <content.Code>
      {(Content) => (
        <KeptIntl
          locale={props.locale}
          base={base}
          live={content.live}
          texts={content.live ? undefined : page?.texts}
        >
          <HydrationBoundary>
            <Tag {...element}>
              <Content {...shownProps} />
            </Tag>
          </HydrationBoundary>
        </KeptIntl>
      )}
    </content.Code>
  );
}
