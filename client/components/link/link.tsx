import type { AnchorHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ON_SERVER } from '../../lib/environment.ts';
import { followOwnLink, isOwnPath } from '../../lib/own-links.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** one of our own paths (`useLocalePath`'s), or another site's address */
  to: string;
  /** a document load, not a client navigation (a page the browser's routes do not hold) */
  reloadDocument?: boolean;
}

/**
 * A link, written as the very `<a>` react-router's Link writes for the same path (same href,
 * same `data-discover`; link.test.tsx compares the two), on both sides. In the browser a plain
 * click on one of our own paths goes through the router (`followOwnLink`, the rule the links
 * in kept markup follow too). react-router's own Link would add its hooks (path resolution,
 * the location) and its prefetch machinery to every page's script for nothing we use:
 * ~2.5 KiB gzip of a landing's first visit (docs/performance.md).
 */
function LinkAnchor({ to, target, reloadDocument: _, ...rest }: LinkProps) {
  // the attributes in react-router's order; `data-discover` on our own paths only
  return (
    <a {...rest} href={to} target={target} data-discover={isOwnPath(to) ? 'true' : undefined} />
  );
}

function BrowserLink({ onClick, reloadDocument, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <LinkAnchor
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!reloadDocument) followOwnLink(event, navigate);
      }}
    />
  );
}

export const Link = ON_SERVER ? LinkAnchor : BrowserLink;

export interface NavLinkProps extends LinkProps {
  /** active only at its own path, not below it */
  end?: boolean;
  caseSensitive?: boolean;
  'aria-current'?: AnchorHTMLAttributes<HTMLAnchorElement>['aria-current'];
}

/**
 * A link that knows whether it leads to the page being shown: then it has the class `active`
 * and `aria-current`, as react-router's NavLink (its path, or below it without `end`,
 * compared as react-router compares them).
 */
export function NavLink({
  to,
  className = '',
  end = false,
  caseSensitive = false,
  'aria-current': ariaCurrent = 'page',
  ...rest
}: NavLinkProps) {
  const location = useLocation();
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
      to={to}
    />
  );
}
