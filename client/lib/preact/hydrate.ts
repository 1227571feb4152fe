import { type ComponentChild, hydrate, options, type VNode } from 'preact';
import { asFirstHydration } from './hydrate-later.tsx';

/** Attributes that name another element by its id. */
const ID_ATTRIBUTES: Record<string, string> = {
  id: 'id',
  htmlFor: 'for',
  for: 'for',
  'aria-describedby': 'aria-describedby',
  'aria-labelledby': 'aria-labelledby',
  'aria-controls': 'aria-controls',
  'aria-errormessage': 'aria-errormessage',
  'aria-activedescendant': 'aria-activedescendant',
  list: 'list',
};

/** The element Preact made or adopted for a vnode (`_dom`, kept as `__e` in its builds). */
const domOf = (vnode: VNode) => (vnode as VNode & { __e?: Node | null }).__e;

/**
 * Hydrates the server's markup into `container`, taking the browser's ids. Preact leaves the
 * attributes of adopted elements as the server wrote them, and `useId` gives other ids in
 * Preact than in React: a label adopted with React's `for` would point nowhere once its
 * field is replaced by one Preact makes (the order form's several-posts textarea). So every
 * attribute that holds an id is written as the browser renders it, once, during hydration
 * (until the regions left for later have hydrated too: resolves then).
 */
export async function hydrateWithBrowserIds(
  tree: ComponentChild,
  container: Element,
): Promise<void> {
  const previous = options.diffed;
  options.diffed = (vnode) => {
    const dom = domOf(vnode);
    if (typeof vnode.type === 'string' && dom instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const name in ID_ATTRIBUTES) {
        const value = props[name];
        const attribute = ID_ATTRIBUTES[name]!;
        if (typeof value === 'string' && dom.getAttribute(attribute) !== value)
          dom.setAttribute(attribute, value);
      }
    }
    previous?.(vnode);
  };
  try {
    await asFirstHydration(() => hydrate(tree, container));
  } finally {
    options.diffed = previous;
  }
}
