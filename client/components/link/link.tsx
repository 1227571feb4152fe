import { type LinkProps, Link as RouterLink } from 'react-router';

const onServer = typeof window === 'undefined';

/**
 * react-router's Link, except in the server's render: there a link to one of our own paths
 * is written as the very <a> the Link would write (same href, same data-discover), without
 * the Link's hooks (location, path resolution, click handler, prefetch). Those cost a
 * rendered page more than the rest of its markup; in the browser the page hydrates with the
 * real Link, which adds the client-side navigation.
 */
export function Link(props: LinkProps) {
  const { to } = props;
  if (!onServer || typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//'))
    return <RouterLink {...props} />;
  const {
    to: _to,
    target,
    discover,
    prefetch,
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    onClick,
    ...rest
  } = props;
  // the attributes in the Link's own order, so the two write the same bytes
  return (
    <a
      {...rest}
      href={to}
      target={target}
      data-discover={discover === 'none' ? undefined : 'true'}
    />
  );
}
