/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pagePath } from '#shared/routes.ts';
import { ApiRefusal, appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import ProfilePage, { profileAction } from './cp-profile.page.tsx';

/**
 * /cp/profile/'s cards: a refused save (the card's own checks, or the server's 400 naming
 * fields) puts the focus on the first field at fault, as every form of the site does.
 */
let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

function renderProfile() {
  return renderPage(<ProfilePage />, {
    store: appStore({ user: publicUser() }),
    path: pagePath('cp-profile', 'en'),
    pageId: 'cp-profile',
    sets: ['cabinet', 'cabinet-screens', 'pages'],
    action: profileAction,
  });
}

const card = (name: string) => screen.getByRole('region', { name });

/** Tab to a card's button and press Enter, as a keyboard does. */
async function submitWithKeyboard(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  while (document.activeElement !== button) await user.tab();
  await user.keyboard('{Enter}');
}

describe('the password card', () => {
  it('focuses the new password when it is missing, then the repetition left empty', async () => {
    api = fakeApi({});
    const user = userEvent.setup();
    renderProfile();
    const password = card('Password');
    await submitWithKeyboard(
      user,
      within(password).getByRole('button', { name: 'Change password' }),
    );
    const fresh = within(password).getByLabelText('New password');
    expect(document.activeElement).toBe(fresh);
    await user.keyboard('correct horse battery');
    await submitWithKeyboard(
      user,
      within(password).getByRole('button', { name: 'Change password' }),
    );
    const repeat = within(password).getByLabelText('Repeat the password');
    expect(document.activeElement).toBe(repeat);
    expect(repeat.getAttribute('aria-describedby')).toBe(
      within(password).getByText('This field is required').id,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('focuses the current password the server refuses (a 400 naming it)', async () => {
    api = fakeApi({
      'POST user/password': () =>
        new ApiRefusal(400, 'The password is wrong', {
          errors: { current_password: 'The password is wrong' },
        }),
    });
    const user = userEvent.setup();
    renderProfile();
    const password = card('Password');
    await user.type(within(password).getByLabelText('Current password'), 'not it at all');
    await user.type(within(password).getByLabelText('New password'), 'correct horse battery');
    await user.type(
      within(password).getByLabelText('Repeat the password'),
      'correct horse battery',
    );
    await submitWithKeyboard(
      user,
      within(password).getByRole('button', { name: 'Change password' }),
    );
    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the account card', () => {
  it('focuses the login that breaks the rules', async () => {
    api = fakeApi({});
    const user = userEvent.setup();
    renderProfile();
    const account = card('Account');
    const login = within(account).getByLabelText('Login');
    await user.clear(login);
    await user.type(login, 'a');
    await submitWithKeyboard(user, within(account).getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(login);
    expect(login.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a saved card', () => {
  it('writes through the page action, shows "Saving…" meanwhile, then the answer in the session', async () => {
    let answer: (user: unknown) => void = () => {};
    api = fakeApi({
      'PATCH user': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const { store } = renderProfile();
    const account = card('Account');
    const login = within(account).getByLabelText('Login');
    await user.clear(login);
    await user.type(login, 'newname');
    await user.click(within(account).getByRole('button', { name: 'Save' }));
    const saving = await within(account).findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsOf('PATCH user')[0]!.body).toEqual({ login: 'newname' });
    answer(publicUser({ login: 'newname' }));
    expect((await within(account).findByRole('status')).textContent).toBe('Changes saved');
    expect(store.getState().session.user?.login).toBe('newname');
    expect(within(account).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('the delete card', () => {
  it('once the request is recorded, says so in place of the cards', async () => {
    api = fakeApi({ 'POST user/delete': () => ({ requested_at: '2026-03-02T11:16:21.014Z' }) });
    const user = userEvent.setup();
    renderProfile();
    const zone = card('Delete account');
    await user.click(within(zone).getByRole('button', { name: 'Delete my account' }));
    await user.type(within(zone).getByLabelText('Current password'), 'correct horse battery');
    await user.click(within(zone).getByRole('button', { name: 'Yes, delete my account' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^We have received your request to delete the account/,
    );
    expect(api.callsOf('POST user/delete')[0]!.body).toEqual({
      password: 'correct horse battery',
    });
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
  });
});
