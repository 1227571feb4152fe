/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASS_ERRORS, type MassService } from '#shared/mass-orders.ts';
import { pagePath } from '#shared/routes.ts';
import { ApiRefusal, appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import MassOrderPage, { massAction, massLoader } from './cp-mass.page.tsx';

const SERVICES: MassService[] = [
  {
    service: 11,
    name: 'Instagram likes',
    platform: 'instagram',
    rate: '1.46',
    min: 100,
    max: 200_000,
  },
  {
    service: 12,
    name: 'Instagram followers',
    platform: 'instagram',
    rate: '3.10',
    min: 100,
    max: 200_000,
  },
];

const GOOD = [
  '11 | https://www.instagram.com/p/AAA/ | 100',
  '11|https://www.instagram.com/p/BBB/|1000',
  '12 | https://www.instagram.com/some.account/ | 250',
];

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET c_orders/mass/services': () => SERVICES,
    // docs/api.md POST c_orders/mass: a line naming service 99 is refused, 3 + quantity 7 too
    'POST c_orders/mass': ({ body }) => {
      const lines = (body as { orders: string }).orders.split('\n');
      const refused = lines.flatMap((text, index) =>
        text.startsWith('99 ')
          ? [{ line: index + 1, text, error: MASS_ERRORS.service }]
          : text.endsWith('| 7')
            ? [{ line: index + 1, text, error: 'The quantity must be from 100 to 200000' }]
            : [],
      );
      if (refused.length)
        return new ApiRefusal(400, MASS_ERRORS.lines, {
          errors: Object.fromEntries(refused.map((line) => [String(line.line), line.error])),
          lines: refused,
        });
      if (lines.length > 3) return new ApiRefusal(402, MASS_ERRORS.funds, { total: '99.00' });
      return {
        orders: lines.map((_, index) => ({
          line: index + 1,
          order: 5001 + index,
          public_id: `PUB${index}`,
          charge: '1.46',
          currency: 'USD',
        })),
        total: (1.46 * lines.length).toFixed(2),
        currency: 'USD',
      };
    },
  });
});
afterEach(() => api.restore());

/** The page through its route's loader and action, once the loader has read it. */
async function renderMass() {
  const rendered = renderPage(<MassOrderPage />, {
    store: appStore({ user: publicUser({ balance: 123_45 }) }),
    path: pagePath('cp-mass', 'en'),
    pageId: 'cp-mass',
    sets: ['cabinet', 'cabinet-screens'],
    loader: massLoader,
    action: massAction,
  });
  await screen.findByTestId('mass-form');
  return rendered;
}

const box = () => screen.getByTestId('mass-text') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('the mass order form', () => {
  it('counts the lines as they are typed, blank ones left out, and shows the balance', async () => {
    await renderMass();
    expect(screen.getByTestId('mass-balance').textContent).toBe('$123.45');
    expect(screen.getByTestId('mass-count').textContent).toBe('No orders yet of 100');
    type(`${GOOD[0]}\n\n${GOOD[1]}\n`);
    expect(screen.getByTestId('mass-count').textContent).toBe('2 orders of 100');
    expect(screen.getByRole('button', { name: 'Place 2 orders' })).toBeTruthy();
    // the placeholder shows the format with real service numbers once they are known
    await waitFor(() => expect(box().placeholder).toMatch(/^11 \| https:\/\/\S+ \| 1000\n12 \| /));
    expect(screen.getByText('Instagram followers')).toBeTruthy();
  });

  it('names each refused line with its own error, placing nothing, then places the fixed list', async () => {
    const user = userEvent.setup();
    await renderMass();
    type(
      [GOOD[0], '99 | https://www.instagram.com/p/CCC/ | 100', GOOD[1], '11 | x | 7'].join('\n'),
    );
    await user.click(screen.getByTestId('mass-submit'));
    const errors = await screen.findByTestId('mass-errors');
    expect(errors.getAttribute('role')).toBe('alert');
    const items = within(errors).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Line 2 There is no service with this number: take one from the list below.99 | https://www.instagram.com/p/CCC/ | 100',
      'Line 4 The quantity must be from 100 to 200,000.11 | x | 7',
    ]);
    expect(errors.textContent).toContain('Fix these 2 lines');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('mass-placed')).toBeNull();

    type(GOOD.join('\n'));
    await user.click(screen.getByTestId('mass-submit'));
    const placed = await screen.findByTestId('mass-placed');
    expect(placed.textContent).toContain('3 orders placed for $4.38, paid from your balance.');
    const links = within(placed).getAllByRole('link', { name: /^No\. / });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['No. 5001', '/en/cp/orders/?q=%235001'],
      ['No. 5002', '/en/cp/orders/?q=%235002'],
      ['No. 5003', '/en/cp/orders/?q=%235003'],
    ]);
    expect(within(placed).getByRole('link', { name: 'All orders' })).toBeTruthy();
    expect(screen.queryByTestId('mass-errors')).toBeNull();
    expect(box().value).toBe('');
    expect(api.callsOf('POST c_orders/mass').map((call) => call.body)).toEqual([
      {
        orders: [
          GOOD[0],
          '99 | https://www.instagram.com/p/CCC/ | 100',
          GOOD[1],
          '11 | x | 7',
        ].join('\n'),
      },
      { orders: GOOD.join('\n') },
    ]);
  });

  it('says when the balance is short, with a top-up link', async () => {
    const user = userEvent.setup();
    await renderMass();
    type([...GOOD, GOOD[0]].join('\n'));
    await user.click(screen.getByTestId('mass-submit'));
    const message = await screen.findByTestId('mass-message');
    expect(message.textContent).toContain(
      'Your balance does not cover all these orders, so nothing was placed.',
    );
    expect(within(message).getByRole('link', { name: 'Top up' })).toBeTruthy();
  });

  it('refuses more than 100 lines and an empty text without asking the server', async () => {
    const user = userEvent.setup();
    await renderMass();
    await user.click(screen.getByTestId('mass-submit'));
    expect((await screen.findByTestId('mass-message')).textContent).toBe(
      'Write at least one order: service | link | quantity.',
    );
    type(Array.from({ length: 101 }, () => GOOD[0]).join('\n'));
    expect(screen.getByTestId('mass-count').textContent).toBe('101 orders of 100');
    await user.click(screen.getByTestId('mass-submit'));
    expect(screen.getByTestId('mass-message').textContent).toBe(
      'Up to 100 orders at a time: split the list in two.',
    );
    expect(api.callsOf('POST c_orders/mass')).toEqual([]);
  });

  it('shows an error it has no words for in the server’s own', async () => {
    const user = userEvent.setup();
    api.restore();
    api = fakeApi({
      'GET c_orders/mass/services': () => SERVICES,
      'POST c_orders/mass': () =>
        new ApiRefusal(400, MASS_ERRORS.lines, {
          errors: { 1: 'Up to 20 links in one order' },
          lines: [{ line: 1, text: GOOD[0], error: 'Up to 20 links in one order' }],
        }),
    });
    await renderMass();
    type(GOOD[0]!);
    await user.click(screen.getByTestId('mass-submit'));
    const errors = await screen.findByTestId('mass-errors');
    expect(errors.textContent).toContain('Line 1 Up to 20 links in one order');
  });
});

describe('a refused mass order', () => {
  /** Tab to the button and press Enter, as a keyboard does. */
  const placeWithKeyboard = async (user: ReturnType<typeof userEvent.setup>) => {
    const submit = screen.getByTestId('mass-submit');
    while (document.activeElement !== submit) await user.tab();
    await user.keyboard('{Enter}');
  };
  const description = () =>
    (box().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('with no line focuses the lines, described by what to write', async () => {
    const user = userEvent.setup();
    await renderMass();
    await placeWithKeyboard(user);
    expect(document.activeElement).toBe(box());
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(description()).toContain('Write at least one order: service | link | quantity.');
    expect(api.callsOf('POST c_orders/mass')).toHaveLength(0);
  });

  it('by the server, line by line, focuses the lines', async () => {
    const user = userEvent.setup();
    await renderMass();
    type([GOOD[0], '11 | x | 7'].join('\n'));
    await placeWithKeyboard(user);
    await screen.findByTestId('mass-errors');
    expect(document.activeElement).toBe(box());
  });
});
