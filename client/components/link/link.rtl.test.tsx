/** @jest-environment jsdom */
import '../../../tests/support/jsdom.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Link, NavLink } from './link.tsx';

/**
 * In the browser our Link is a plain <a> whose plain clicks on our own paths go through the
 * router, as react-router's Link's do; everything else is left to the browser.
 */
function page() {
  return (
    <nav>
      <Link to="/en/blog/">Blog</Link>
      <Link to="/en/cp/orders/">Same page</Link>
      <Link to="/en/blog/" target="_blank">
        New tab
      </Link>
      <Link to="/en/blog/" reloadDocument>
        Document
      </Link>
      <Link to="https://www.maxmind.com">Elsewhere</Link>
      <Link to="/en/blog/" onClick={(event) => event.preventDefault()}>
        Own handler
      </Link>
      <NavLink to="/en/cp/orders/" end>
        Orders
      </NavLink>
      <NavLink to="/en/blog/">Blog tab</NavLink>
    </nav>
  );
}

function mount() {
  const router = createMemoryRouter([{ path: '*', element: page() }], {
    initialEntries: ['/en/', '/en/cp/orders/'],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** Whether the click was left to the browser (not prevented), and where the router is. */
async function click(name: string, init: MouseEventInit = {}) {
  const link = screen.getByRole('link', { name });
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  await act(async () => {
    link.dispatchEvent(event);
  });
  return { leftToBrowser: !event.defaultPrevented };
}

afterEach(cleanup);

describe('Link in the browser', () => {
  it('follows a plain click on one of our paths through the router, adding a history entry', async () => {
    const router = mount();
    expect((await click('Blog')).leftToBrowser).toBe(false);
    expect(router.state.location.pathname).toBe('/en/blog/');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when the link leads to the page already shown', async () => {
    const router = mount();
    window.history.replaceState(null, '', '/en/cp/orders/');
    expect((await click('Same page')).leftToBrowser).toBe(false);
    expect(router.state.location.pathname).toBe('/en/cp/orders/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['a modified click', 'Blog', { ctrlKey: true }],
    ['a middle click', 'Blog', { button: 1 }],
    ['another target', 'New tab', {}],
    ['a document load', 'Document', {}],
    ['another site', 'Elsewhere', {}],
  ])('leaves %s to the browser', async (_, name, init) => {
    const router = mount();
    expect((await click(name, init as MouseEventInit)).leftToBrowser).toBe(true);
    expect(router.state.location.pathname).toBe('/en/cp/orders/');
  });

  it("does nothing more when the link's own handler prevented the click", async () => {
    const router = mount();
    await click('Own handler');
    expect(router.state.location.pathname).toBe('/en/cp/orders/');
  });

  it('marks the nav link of the page shown, and follows the location', async () => {
    mount();
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders.className).toBe('active');
    expect(orders.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Blog tab' }).getAttribute('aria-current')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Blog tab' }));
    expect(screen.getByRole('link', { name: 'Blog tab' }).className).toBe('active');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();
  });
});
