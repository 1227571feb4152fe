/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefsTotal, WithdrawalView } from '#shared/referrals.ts';
import { pagePath } from '#shared/routes.ts';
import { ApiRefusal, appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import IncomePage, { incomeAction, incomeLoader } from './cp-income.page.tsx';

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

const TOTAL: RefsTotal = {
  currency: 'USD',
  earned: 5000,
  bonuses: 0,
  referrals: 2,
  pending: 0,
  withdrawn: 0,
  available: 5000,
  min_withdraw: 1000,
  link_code: 'R7BUYER',
};

/** The income page through its route's loader and action, as the router runs them. */
function renderIncome(path = pagePath('cp-income', 'en')) {
  return renderPage(<IncomePage />, {
    store: appStore({ user: publicUser() }),
    path,
    pageId: 'cp-income',
    sets: ['cabinet', 'cabinet-screens'],
    loader: incomeLoader,
    action: incomeAction,
  });
}

/** The income page's reads, with the withdraw requests the server holds. */
function incomeApi(requests: WithdrawalView[], write: () => unknown) {
  return fakeApi({
    'GET user/refs/total': () => TOTAL,
    'GET user/refs': (call) => ({
      items: [],
      meta: { total: 0, limit: 10, page: Number(call.query.get('page')) },
    }),
    'GET user/withdrawals': () => ({ items: requests, meta: { total: requests.length } }),
    'POST user/withdrawals': write,
  });
}

/** Tab to the request button and press Enter, as a keyboard does. */
async function submitWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  const submit = await screen.findByRole('button', { name: 'Request withdrawal' });
  while (document.activeElement !== submit) await user.tab();
  await user.keyboard('{Enter}');
}

/** A withdraw request the server refuses by field: that field takes the focus, described. */
describe('a refused withdraw request', () => {
  it("focuses the field the server's 400 names", async () => {
    api = incomeApi(
      [],
      () =>
        new ApiRefusal(400, 'Give the card, wallet or e-mail to pay to', {
          errors: { details: 'Give the card, wallet or e-mail to pay to' },
        }),
    );
    const user = userEvent.setup();
    renderIncome();
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '20');
    await user.type(screen.getByRole('textbox', { name: /^Card number/ }), 'x');
    await submitWithKeyboard(user);
    const details = screen.getByRole('textbox', { name: /^Card number/ });
    await waitFor(() => expect(document.activeElement).toBe(details));
    expect(document.getElementById(details.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter where to send the money.',
    );
    // refused: the page is not read again
    expect(api.callsOf('GET user/withdrawals')).toHaveLength(1);
  });
});

describe('a withdraw request', () => {
  it('is sent through the page action, which reads the requests again: the new one waits', async () => {
    const requests: WithdrawalView[] = [];
    api = incomeApi(requests, () => {
      requests.push({
        id: 'w1',
        amount: 2000,
        currency: 'USD',
        method: 'paypal',
        details: 'me@example.com',
        status: 'PENDING',
        note: null,
        created_at: '2026-03-02T11:16:21.014Z',
        decided_at: null,
      });
      return { id: 'w1' };
    });
    const user = userEvent.setup();
    renderIncome();
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '20');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payout method' }), 'paypal');
    await user.type(screen.getByRole('textbox', { name: /^Card number/ }), 'me@example.com');
    await submitWithKeyboard(user);
    const card = screen.getByTestId('withdraw');
    expect((await within(card).findByRole('status')).textContent).toMatch(/^Request sent\./);
    expect(api.callsOf('POST user/withdrawals')[0]!.body).toEqual({
      amount: '20',
      method: 'paypal',
      details: 'me@example.com',
    });
    // the request waits: the form gives way to the note, and the list shows it
    expect(await within(card).findByText(/Your request for \$20 is waiting/)).toBeTruthy();
    expect(within(screen.getByTestId('withdrawals')).getByText('Waiting')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Request withdrawal' })).toBeNull();
    expect(api.callsOf('GET user/withdrawals')).toHaveLength(2);
  });
});

describe('the bonuses', () => {
  it('reads the page the address asks for', async () => {
    api = incomeApi([], () => null);
    renderIncome(`${pagePath('cp-income', 'en')}?page=3`);
    await screen.findByTestId('income-stats');
    await waitFor(() => expect(api.callsOf('GET user/refs')).toHaveLength(1));
    expect(api.callsOf('GET user/refs')[0]!.query.get('page')).toBe('3');
  });
});
