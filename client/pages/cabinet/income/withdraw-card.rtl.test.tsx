/** @jest-environment jsdom */
import '../../../../tests/support/jsdom.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pagePath } from '../../../../shared/routes.ts';
import {
  ApiRefusal,
  appStore,
  fakeApi,
  publicUser,
  renderPage,
} from '../../../../tests/support/render.tsx';
import { WithdrawCard } from './withdraw-card.tsx';

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

/** A withdraw request the server refuses by field: that field takes the focus, described. */
describe('a refused withdraw request', () => {
  it("focuses the field the server's 400 names", async () => {
    api = fakeApi({
      'POST user/withdrawals': () =>
        new ApiRefusal(400, 'Give the card, wallet or e-mail to pay to', {
          errors: { details: 'Give the card, wallet or e-mail to pay to' },
        }),
    });
    const user = userEvent.setup();
    renderPage(
      <WithdrawCard
        total={{
          currency: 'USD',
          earned: 5000,
          bonuses: 0,
          referrals: 2,
          pending: 0,
          withdrawn: 0,
          available: 5000,
          min_withdraw: 1000,
          link_code: 'R7BUYER',
        }}
        history={{
          data: { items: [], meta: { total: 0 } },
          loading: false,
          error: null,
          retry: () => {},
        }}
        onDone={() => {}}
      />,
      {
        store: appStore({ user: publicUser() }),
        path: pagePath('cp-income', 'en'),
        pageId: 'cp-income',
        sets: ['cabinet', 'cabinet-screens'],
      },
    );
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '20');
    await user.type(screen.getByRole('textbox', { name: /^Card number/ }), 'x');
    const submit = screen.getByRole('button', { name: 'Request withdrawal' });
    while (document.activeElement !== submit) await user.tab();
    await user.keyboard('{Enter}');
    const details = screen.getByRole('textbox', { name: /^Card number/ });
    await waitFor(() => expect(document.activeElement).toBe(details));
    expect(document.getElementById(details.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter where to send the money.',
    );
  });
});
