import { type ComponentType, use, useDeferredValue } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Locale } from '../../../shared/locales.ts';
import type { MessageSet } from '../../../shared/message-sets.ts';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { ON_SERVER } from '../../lib/environment.ts';
import { intlWithSets, loadMessageSets, type Messages } from '../../lib/intl.ts';
import { useLocale } from '../../lib/locale.ts';
import { followOwnLink } from '../../lib/own-links.ts';
import { HydrationBoundary } from '../hydration-boundary/hydration-boundary.tsx';
import { StaticSubtree } from './static-subtree.tsx';

/**
 * A kept subtree's content (docs/architecture.md, "In the browser"): a component of words
 * and links only, in a chunk of its own with its texts (the `kept` message set). The server
 * renders it into every page; the browser keeps the server's markup of it and loads its code
 * only when it must render it itself (a client navigation to a page with another key).
 */
export interface KeptContent<P extends object> {
  /** the element's `data-kept` in the page (the browser finds the server's markup by it) */
  readonly name: string;
  readonly load: () => Promise<ComponentType<P>>;
  Component?: ComponentType<P>;
  loading?: Promise<void>;
}

/** The texts the kept contents use, and nothing else does: shipped with their code. */
const KEPT_SETS: readonly MessageSet[] = ['kept'];

// biome-ignore lint/suspicious/noExplicitAny: a list of contents of every props type
const contents: KeptContent<any>[] = [];

export function keptContent<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): KeptContent<P> {
  const content: KeptContent<P> = { name, load };
  contents.push(content);
  return content;
}

function loadContent<P extends object>(content: KeptContent<P>, locale: Locale): Promise<void> {
  // a chunk that cannot be loaded (a deploy replaced it) reloads the page, as a screen's does
  content.loading ??= importWithReload(() =>
    Promise.all([content.load(), loadMessageSets(KEPT_SETS, locale)]),
  ).then(([Component]) => {
    content.Component = Component;
  });
  return content.loading;
}

/** Whether every kept content known so far has its code (the server renders them at once). */
export function keptContentsReady(): boolean {
  return contents.every((content) => content.Component);
}

/** Loads the code of every kept content known so far (their modules have been evaluated). */
export async function loadKeptContents(locale: Locale): Promise<void> {
  await Promise.all(contents.map((content) => loadContent(content, locale)));
}

interface KeptSubtreeProps<P extends object> {
  as: 'footer' | 'div';
  className?: string;
  /** Everything the content depends on: one key, one markup (as StaticSubtree's). */
  cacheKey: string;
  content: KeptContent<P>;
  props: P;
}

/** The content inside the page's intl with the kept texts (loaded with the content's code). */
function ContentWithTexts<P extends object>({
  content,
  props,
}: Pick<KeptSubtreeProps<P>, 'content' | 'props'>) {
  const page = useIntl();
  const intl = intlWithSets(useLocale(), page.messages as Messages, KEPT_SETS) ?? page;
  const Component = content.Component!;
  return (
    <RawIntlProvider value={intl}>
      <Component {...props} />
    </RawIntlProvider>
  );
}

/** The server: a StaticSubtree (markup kept per key) named for the browser. */
function KeptOnServer<P extends object>({ content, props, ...element }: KeptSubtreeProps<P>) {
  const locale = useLocale();
  // render.tsx loads every content before a page renders; a render without it waits here
  if (!content.Component) use(loadContent(content, locale));
  return (
    <StaticSubtree {...element} kept={content.name}>
      <ContentWithTexts content={content} props={props} />
    </StaticSubtree>
  );
}

/** The server's markup of each kept subtree in the page, by name (collectKeptMarkup). */
const serverMarkup = new Map<string, { element: Element; key?: string; html?: string }>();

/** Finds the kept subtrees the server wrote; call before hydrating. */
export function collectKeptMarkup(root: ParentNode): void {
  for (const element of root.querySelectorAll('[data-kept]'))
    serverMarkup.set(element.getAttribute('data-kept')!, { element });
}

/**
 * The browser. While the key is the one the server rendered, the element keeps the server's
 * markup (React leaves an element with inner HTML as it is), so hydrating it costs neither
 * the content's code nor its texts; links in it are followed by the router. With another key
 * the content renders as usual, once its chunk is there: it waits above its boundary, so a
 * client navigation (a transition) keeps the page it leaves on screen meanwhile, and an
 * urgent update keeps the server's markup (the key is deferred).
 */
function KeptInBrowser<P extends object>({
  as: Tag,
  className,
  cacheKey,
  content,
  props,
}: KeptSubtreeProps<P>) {
  const navigate = useNavigate();
  const locale = useLocale();
  // a new key from an urgent update (another currency's prices) shows once its content can:
  // until its chunk is there the deferred render waits, and the server's markup stays
  const key = useDeferredValue(cacheKey);
  const markup = serverMarkup.get(content.name);
  // the first render of a name is the hydration of the server's markup: its key is the server's
  if (markup) markup.key ??= key;
  const kept = markup?.key === key ? markup : null;
  // read once, before anything changes it, for later mounts of this key
  if (kept) kept.html ??= kept.element.innerHTML;
  else if (!content.Component) use(loadContent(content, locale));
  return (
    <HydrationBoundary>
      {kept ? (
        <Tag
          key="kept"
          className={className}
          data-kept={content.name}
          onClick={(event) => followOwnLink(event, navigate)}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's markup of our own components
          dangerouslySetInnerHTML={{ __html: kept.html! }}
        />
      ) : (
        <Tag key="rendered" className={className} data-kept={content.name}>
          <ContentWithTexts content={content} props={props} />
        </Tag>
      )}
    </HydrationBoundary>
  );
}

export const KeptSubtree = ON_SERVER ? KeptOnServer : KeptInBrowser;
