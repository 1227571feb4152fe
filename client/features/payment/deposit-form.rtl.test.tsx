/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { PaymentMethodsData } from '#shared/payment-methods.ts';
import { pagePath } from '#shared/routes.ts';
import { appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import { DepositForm } from './deposit-form.tsx';

const METHODS: PaymentMethodsData = {
  methods: [
    {
      id: 9,
      code: 'crypto',
      order: 9,
      currencies: ['RUB', 'USD', 'EUR'],
      country_filter: 'every',
      countries: [],
      limits: { USD: { min: 50, max: 10_000_000 } },
      group: 'crypto',
      show_agreement_flag: false,
    },
  ],
  groups: { crypto: { id: 'crypto', order: 4, methods: [9] } },
};

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

/** Tab to the button and press Enter, as a keyboard does. */
async function topUpWithKeyboard(user: UserEvent) {
  const submit = screen.getByRole('button', { name: 'Top up' });
  while (document.activeElement !== submit) await user.tab();
  await user.keyboard('{Enter}');
}

/** The top-up form's refused submit: the first field at fault takes the focus, described. */
describe('a refused top-up', () => {
  it('focuses the amount, then the methods when none is chosen', async () => {
    api = fakeApi({ 'GET payment/methods': () => METHODS });
    const user = userEvent.setup();
    renderPage(<DepositForm />, {
      store: appStore({ user: publicUser() }),
      path: pagePath('cp-payment', 'en'),
      pageId: 'cp-payment',
      sets: ['cabinet', 'cabinet-screens'],
    });
    const form = await screen.findByTestId('deposit-form');
    await waitFor(() => expect(form.querySelector('input[type="radio"]')).toBeTruthy());
    await topUpWithKeyboard(user);
    const amount = screen.getByRole('textbox', { name: 'Amount, USD' });
    expect(document.activeElement).toBe(amount);
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter an amount, such as 500 or 99.50',
    );
    await user.type(amount, '25');
    await topUpWithKeyboard(user);
    expect(document.activeElement).toBe(form.querySelector('input[type="radio"]'));
    const methods = form.querySelector('fieldset')!;
    expect(document.getElementById(methods.getAttribute('aria-describedby')!)).toBeTruthy();
    expect(api.callsOf('GET payment/methods').map((call) => call.query.get('currency'))).toEqual([
      'USD',
    ]);
  });
});
