import {
  type LinkProps,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
} from 'react-router';

const onServer = typeof window === 'undefined';
const isOwnPath = (to: unknown): to is string =>
  typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');

/**
 * react-router's Link, except in the server's render: there a link to one of our own paths
 * is written as the very <a> the Link would write (same href, same data-discover), without
 * the Link's hooks (location, path resolution, click handler, prefetch). Those cost a
 * rendered page more than the rest of its markup; in the browser the page hydrates with the
 * real Link, which adds the client-side navigation.
 */
export function Link(props: LinkProps) {
  const { to } = props;
  if (!onServer || !isOwnPath(to)) return <RouterLink {...props} />;
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

/**
 * react-router's NavLink, with the same shortcut in the server's render: on the server no
 * navigation is pending, so a link is active when the page's path is its path (or below it,
 * without `end`), compared as react-router compares them.
 */
export function NavLink(props: NavLinkProps) {
  const {
    to,
    className = '',
    style,
    children,
    end = false,
    caseSensitive = false,
    'aria-current': ariaCurrent = 'page',
    viewTransition: _viewTransition,
    ...rest
  } = props;
  const location = useLocation();
  if (
    !onServer ||
    !isOwnPath(to) ||
    typeof className === 'function' ||
    typeof style === 'function' ||
    typeof children === 'function'
  )
    return <RouterNavLink {...props} />;
  const fold = (path: string) => (caseSensitive ? path : path.toLowerCase());
  const target = fold(to.split(/[?#]/)[0]!);
  const here = fold(location.pathname);
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={[className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      style={style}
      to={to}
    >
      {children}
    </Link>
  );
}
