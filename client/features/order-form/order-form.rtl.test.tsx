/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import { pagePath } from '#shared/routes.ts';
import {
  alerts,
  eachOrderFormTest,
  INFORMERS,
  instagramServices,
  METHODS_USD,
  method,
  orderCost,
  QUOTED,
} from '#tests/support/order-form-fixtures.ts';
import { ApiRefusal, appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import { orderFormSaga } from './order-form.saga.ts';
import { OrderForm } from './order-form.tsx';

const the = eachOrderFormTest();

const quantityGroup = () => screen.getByRole('group', { name: 'Quantity' });
const customQuantity = () => screen.getByRole('textbox', { name: /^Or your own number/ });
const methodsToggle = () => screen.getByRole('button', { name: /payment method/i });

/* ------------------------------------------------------------------ the storefront */

/** The Instagram likes page's form as a guest sees it (its packages: pages/service/). */
function renderServicePage() {
  const data = {
    platform: 'instagram' as const,
    services: instagramServices('CLIENT_MAIN'),
    informers: INFORMERS,
  };
  return renderPage(
    <OrderForm data={data} pageId="service:instagram-likes" pageService="INSTAGRAM_LIKES" />,
    {
      store: appStore({}, orderFormSaga),
      path: pagePath('service:instagram-likes', 'en'),
      pageId: 'service:instagram-likes',
    },
  );
}

describe('the order form on a service page (a guest paying in dollars)', () => {
  it('prices the preset chosen from the page’s prices: 1,000 first, then the one clicked', async () => {
    const user = userEvent.setup();
    renderServicePage();
    const quantity = quantityGroup();
    expect(within(quantity).getByRole('button', { name: '1,000', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $6.99' })).toBeTruthy();

    await user.click(within(quantity).getByRole('button', { name: '500' }));
    expect(within(quantity).getByRole('button', { name: '500', pressed: true })).toBeTruthy();
    expect(within(quantity).getByRole('button', { name: '1,000', pressed: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $4.95' })).toBeTruthy();
    // the page's prices answered it: no look-up
    expect(the.api.callsOf('GET prices/orderCost')).toEqual([]);
  });

  it('prices a custom quantity through the API once the typing stops', async () => {
    const user = userEvent.setup();
    renderServicePage();
    await user.type(customQuantity(), '1234');
    // no preset is chosen any more
    expect(within(quantityGroup()).queryByRole('button', { pressed: true })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Pay $8.63' }, QUOTED)).toBeTruthy();
    expect(the.api.callsOf('GET prices/orderCost').map((call) => call.query.toString())).toEqual([
      'tag=INSTAGRAM_LIKES&count=1234&cur=USD',
    ]);
    expect(alerts()).toEqual([]);
  });

  it('says so when a price cannot be looked up, and prices the next quantity asked', async () => {
    const user = userEvent.setup();
    the.api.restore();
    the.api = fakeApi({
      'GET payment/methods': () => METHODS_USD,
      'GET prices/orderCost': ({ query }) =>
        query.get('count') === '1234'
          ? new ApiRefusal(500, 'Internal error')
          : orderCost(query.get('tag')!, Number(query.get('count')), 'CLIENT_MAIN'),
    });
    renderServicePage();
    await user.type(customQuantity(), '1234');
    expect(
      await screen.findByText(
        'The price could not be calculated. Check your connection and try again.',
        {},
        QUOTED,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
    await user.clear(customQuantity());
    await user.type(customQuantity(), '1300');
    expect(await screen.findByRole('button', { name: /^Pay \$/ }, QUOTED)).toBeTruthy();
    expect(alerts()).toEqual([]);
  });

  it('says the range of a custom quantity out of it, and asks for a whole number', async () => {
    const user = userEvent.setup();
    renderServicePage();
    await user.type(customQuantity(), '50');
    expect(alerts()).toEqual(['From 100 to 100,000']);
    expect(customQuantity().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a quantity from 100 to 100,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();

    await user.clear(customQuantity());
    await user.type(customQuantity(), '12.5');
    expect(alerts()).toEqual(['Provide an integer']);

    // a preset again: the custom entry and its error are gone
    await user.click(within(quantityGroup()).getByRole('button', { name: '2,500' }));
    expect((customQuantity() as HTMLInputElement).value).toBe('');
    expect(alerts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pay $17.48' })).toBeTruthy();
    expect(the.api.callsOf('GET prices/orderCost')).toEqual([]);
  });

  it('refuses a link of another platform, then of another kind, in the service’s words', async () => {
    const user = userEvent.setup();
    renderServicePage();
    const link = screen.getByRole('textbox', { name: 'Link to the post' });
    await user.type(link, 'https://www.tiktok.com/@khaby.lame/video/7234567890123456789');
    // errors wait until the buyer tries to pay
    expect(alerts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay $6.99' }));
    const postError = 'Enter a link to a post, like the example in the field';
    expect(alerts()).toContain(postError);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(
      postError,
    );

    await user.clear(link);
    await user.type(link, 'https://www.instagram.com/p/C8xYz12AbCd/');
    expect(alerts()).not.toContain(postError);
    expect(link.getAttribute('aria-invalid')).toBeNull();

    // followers take a profile: the same post link is now the wrong kind
    await user.click(screen.getByRole('button', { name: 'Followers' }));
    const profile = screen.getByRole('textbox', { name: 'Username or link to the profile' });
    expect((profile as HTMLInputElement).value).toBe('https://www.instagram.com/p/C8xYz12AbCd/');
    expect(alerts()).toContain('Enter a username or a link to the profile');
  });

  // the submit handler renders the attempt's errors at once (flushSync), then looks for them
  it('brings the first field at fault into view and focuses it on the first attempt', async () => {
    const user = userEvent.setup();
    renderServicePage();
    const link = screen.getByRole('textbox', { name: 'Link to the post' });
    await user.type(link, 'https://www.tiktok.com/@khaby.lame/video/7234567890123456789');
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(screen.getByRole('button', { name: 'Pay $6.99' }));
    expect(document.activeElement).toBe(link);
    expect(scrolled.mock.contexts).toContain(link);
    scrolled.mockRestore();
  });

  it('ties the e-mail’s error to its field once the buyer tried to pay', async () => {
    const user = userEvent.setup();
    renderServicePage();
    await user.click(screen.getByRole('button', { name: 'Pay $6.99' }));
    const email = screen.getByRole('textbox', { name: 'E-mail for the receipt' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Please enter your email');
  });

  it('ties the custom quantity’s error to its field', async () => {
    const user = userEvent.setup();
    renderServicePage();
    const custom = screen.getByPlaceholderText('Other quantity');
    await user.type(custom, '12.5');
    expect(custom.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(custom.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Provide an integer');
  });

  it('shows and hides the payment methods with the toggle, and names the method chosen', async () => {
    const user = userEvent.setup();
    renderServicePage();
    const toggle = screen.getByRole('button', { name: 'Choose a payment method' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('radio')).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const cards = screen.getByRole('group', { name: 'Cards' });
    expect(within(cards).getByRole('radio', { name: 'Bank card' })).toBeTruthy();
    const wallets = within(screen.getByRole('group', { name: 'E-wallets' })).getAllByRole('radio');
    expect(wallets.map((radio) => radio.parentElement?.textContent)).toEqual([
      'Apple Pay',
      'Google Pay',
      'PayPal',
    ]);
    // the balance is for logged-in buyers only
    expect(screen.queryByRole('radio', { name: 'Account balance' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Cryptocurrency' }));
    expect(screen.getByRole('radio', { name: 'Cryptocurrency', checked: true })).toBeTruthy();
    expect(methodsToggle().textContent).toBe('Payment method: Cryptocurrency');
    expect(screen.queryByRole('checkbox', { name: /Terms of Service/ })).toBeNull();

    // a card asks for the agreement, and paying without it says so
    await user.click(screen.getByRole('radio', { name: 'Bank card' }));
    expect(methodsToggle().textContent).toBe('Payment method: Bank card');
    await user.click(screen.getByRole('button', { name: 'Pay $6.99' }));
    expect(alerts()).toContain('Must check the box');
    // the documents' names are links to them (the visitor's region's edition), in a new tab
    const links = screen.getAllByRole('link', { name: /^(Terms of Service|Refund Policy)$/ });
    expect(
      links.map((link) => [
        link.textContent,
        link.getAttribute('href'),
        link.getAttribute('target'),
      ]),
    ).toEqual([
      ['Terms of Service', '/en/public-agreement/world/', '_blank'],
      ['Refund Policy', '/en/refund-policy/world/', '_blank'],
    ]);
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    expect(alerts()).not.toContain('Must check the box');

    // hiding the panel lets go of the method
    await user.click(methodsToggle());
    expect(methodsToggle().getAttribute('aria-expanded')).toBe('false');
    expect(methodsToggle().textContent).toBe('Choose a payment method');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(alerts()).toContain('Choose a payment method');

    // Escape from a method folds the panel and gives the focus back to its toggle
    await user.click(methodsToggle());
    await user.click(screen.getByRole('radio', { name: 'Bank card' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Bank card' }));
    await user.keyboard('{Escape}');
    expect(methodsToggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(methodsToggle());
  });
});

/* ------------------------------------------------------------------ the cabinet */

/** /cp/: the cabinet's form for a buyer with `balance` cents (DashboardPage's props). */
function renderCabinet(balance: number) {
  const data = { platform: 'instagram' as const, services: [], informers: {} };
  return renderPage(<OrderForm data={data} pageId="cp" client="CLIENT_LK" />, {
    store: appStore({ user: publicUser({ balance }) }, orderFormSaga),
    path: pagePath('cp', 'en'),
    pageId: 'cp',
    sets: ['cabinet'],
  });
}

describe('the cabinet’s order form (CLIENT_LK, paid from the balance first)', () => {
  it('says why its limits differ from the storefront’s, and the storefront says it too', async () => {
    renderCabinet(1_000);
    expect(
      (await screen.findByRole('textbox', { name: /^Or your own number/ }, QUOTED)).closest(
        'label',
      )!.textContent,
    ).toContain(
      'Or your own number, from 100 to 200,000. Account orders have limits of their own: the public site takes up to 100,000 in one order.',
    );
    cleanup();
    renderServicePage();
    expect(customQuantity().closest('label')!.textContent).toContain(
      'Or your own number, from 100 to 100,000. Up to 200,000 in one order from your account.',
    );
  });

  it('hides the methods when asked, even while the balance covers the price', async () => {
    const user = userEvent.setup();
    renderCabinet(1_000);
    const toggle = await screen.findByRole(
      'button',
      { name: 'Payment method: Account balance', expanded: true },
      QUOTED,
    );
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // the balance is not chosen again behind the buyer's back, reopening the panel, while they
    // go on filling in the form
    await user.type(
      screen.getByRole('textbox', { name: 'Link to the post' }),
      'https://www.instagram.com/p/C8xYz12AbCd/',
    );
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Choose a payment method');
  });
});
