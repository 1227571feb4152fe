import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  Link as RouterLink,
  NavLink as RouterNavLink,
  RouterProvider,
} from 'react-router';
import { Link, type LinkProps, NavLink, type NavLinkProps } from './link.tsx';

/** Renders links on a page of a router, as the server does. */
function render(links: React.ReactNode): string {
  const router = createMemoryRouter([{ path: '*', element: <nav>{links}</nav> }], {
    initialEntries: ['/en/cp/orders/'],
  });
  return renderToString(<RouterProvider router={router} />);
}

const CASES: LinkProps[] = [
  { to: '/en/buy-instagram-likes/', className: 'menu', children: 'Likes' },
  { to: '/en/cp/orders/?q=12&page=2#list', 'aria-label': 'Orders', children: 'Orders' },
  { to: '/', target: '_blank', rel: 'noopener', children: 'Home' },
  { to: '/en/blog/', reloadDocument: true, children: 'Blog' },
  { to: 'https://www.maxmind.com', rel: 'noopener', children: 'MaxMind' },
];

describe('the link (rendered by the server; the browser hydrates the same markup)', () => {
  it.each(CASES)('writes what react-router writes for $to', (props) => {
    expect(render(<Link {...props} />)).toBe(render(<RouterLink {...props} />));
  });
});

const NAV_CASES: NavLinkProps[] = [
  { to: '/en/cp/orders/', end: true, children: 'Orders' },
  { to: '/en/cp/', end: true, children: 'Dashboard' },
  { to: '/en/cp/', children: 'Cabinet' },
  { to: '/en/cp/', className: 'tab', children: 'Cabinet' },
  { to: '/EN/CP/ORDERS/', end: true, children: 'Upper case' },
  { to: '/EN/CP/ORDERS/', end: true, caseSensitive: true, children: 'Case sensitive' },
  { to: '/en/cp/orders/?page=2', end: true, 'aria-current': 'step', children: 'Query' },
  { to: '/en/cp/ord', children: 'Prefix of a segment' },
  { to: '/en/cp/income/', className: 'tab', end: true, children: 'Income' },
];

describe('the nav link (the page is /en/cp/orders/)', () => {
  it.each(NAV_CASES)('writes what react-router writes for $to ($children)', (props) => {
    expect(render(<NavLink {...props} />)).toBe(render(<RouterNavLink {...props} />));
  });
});
