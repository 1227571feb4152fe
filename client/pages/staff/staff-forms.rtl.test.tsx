/** @jest-environment jsdom */
import '../../../tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { StaffMe, StaffUserDetail } from '../../../shared/staff.ts';
import { CAPABILITIES } from '../../../shared/staff-permissions.ts';
import { ApiRefusal, appStore, fakeApi, renderPage } from '../../../tests/support/render.tsx';
import { StaffSessionProvider } from '../../features/staff/staff-session.tsx';
import StaffPage from './staff.page.tsx';

/**
 * The console's forms after a refused submit (their own checks, or the server's 400 naming
 * fields): the first field at fault takes the focus, and its message is its description
 * (aria-describedby), as on the storefront's forms.
 */

const ME: StaffMe = {
  user: { id: 1, login: 'boss', email: 'boss@example.com', lang: 'en' },
  role: 'admin',
  capabilities: [...CAPABILITIES],
  enrolled: true,
  signedIn: true,
  recoveryCodesLeft: 10,
  adjustCap: null,
};

const USER: StaffUserDetail = {
  id: 7,
  login: 'buyer',
  email: 'buyer@example.com',
  role: 'user',
  balance: 1000,
  cur: 'USD',
  discount_level: 1,
  blocked: false,
  created_at: '2026-01-10T09:00:00.000Z',
  roles: [],
  lang: 'en',
  orders: [],
  ledger: [],
  api_key: null,
  sessions: 0,
  payments: [],
  adjustments: [],
  referrals: {
    referrer: null,
    code: 'BUYER7',
    referred: 0,
    currency: 'USD',
    earned: 0,
    pending: 0,
    withdrawn: 0,
    available: 0,
  },
};

let api: ReturnType<typeof fakeApi> | null = null;
afterEach(() => api?.restore());

function renderConsole(path: string, pageId: string, pattern: string) {
  return renderPage(
    <StaffSessionProvider>
      <StaffPage />
    </StaffSessionProvider>,
    { store: appStore({}), path, pageId, sets: ['staff'], otherPages: { [pattern]: pageId } },
  );
}

/** What a screen reader says after a field's name: the texts its aria-describedby names. */
const descriptionOf = (field: Element) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Tab to `button` and press Enter, as a keyboard does. */
async function pressWithKeyboard(user: UserEvent, button: HTMLElement) {
  while (document.activeElement !== button) await user.tab();
  await user.keyboard('{Enter}');
}

describe("a user's balance form", () => {
  it('focuses the amount, then the reason, each described by its message', async () => {
    api = fakeApi({ 'GET staff/me': () => ME, 'GET staff/users/7': () => USER });
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    const form = await screen.findByTestId('staff-balance-form');
    const adjust = within(form).getByRole('button', { name: 'Adjust balance' });
    await pressWithKeyboard(user, adjust);
    const amount = within(form).getByRole('textbox', { name: /^Amount, USD/ });
    expect(document.activeElement).toBe(amount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(amount)).toBe('Enter an amount other than 0, with at most 2 decimals');

    await user.keyboard('25');
    await pressWithKeyboard(user, adjust);
    const reason = within(form).getByRole('textbox', { name: /^Reason/ });
    expect(document.activeElement).toBe(reason);
    expect(descriptionOf(reason)).toBe('Give a reason of 3 to 500 characters');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsOf('POST staff/users/7/balance')).toHaveLength(0);
  });

  it("focuses the field the server's 400 names", async () => {
    api = fakeApi({
      'GET staff/me': () => ME,
      'GET staff/users/7': () => USER,
      'POST staff/users/7/balance': () =>
        new ApiRefusal(400, 'The amount is a whole number of minor units, not 0', {
          errors: { amount: 'The amount is a whole number of minor units, not 0' },
        }),
    });
    const user = userEvent.setup();
    renderConsole('/en/staff/users/7/', 'staff-user', '/en/staff/users/:id/');
    const form = await screen.findByTestId('staff-balance-form');
    await user.type(within(form).getByRole('textbox', { name: /^Amount, USD/ }), '25');
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Goodwill');
    await pressWithKeyboard(user, within(form).getByRole('button', { name: 'Adjust balance' }));
    const amount = within(form).getByRole('textbox', { name: /^Amount, USD/ });
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).not.toBe('');
  });
});
