/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRefusal, appStore, fakeApi, renderPage } from '#tests/support/render.tsx';
import { LoginForm, SignupForm } from './auth-forms.tsx';
import { authAction } from './use-auth-form.ts';

/** docs/product.md §12: a failed local login or sign-up says why on the form and is logged to the console. */
describe('the auth forms', () => {
  let api: ReturnType<typeof fakeApi>;
  let logged: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    api = fakeApi({
      'POST login/local': () => new ApiRefusal(401, 'Wrong login or password'),
      'POST register': () => new ApiRefusal(409, 'This e-mail is already taken'),
    });
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    api.restore();
    logged.mockRestore();
  });

  it('logs a refused login', async () => {
    const user = userEvent.setup();
    renderPage(<LoginForm />, {
      store: appStore({}),
      path: '/en/login/',
      pageId: 'login',
      sets: ['pages'],
      action: authAction,
    });
    await user.type(screen.getByLabelText('Login or e-mail'), 'buyer');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong login or password')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      'auth failed:',
      expect.objectContaining({ statusCode: 401 }),
    );
  });

  it('logs a refused sign-up', async () => {
    const user = userEvent.setup();
    renderPage(<SignupForm />, {
      store: appStore({}),
      path: '/en/signup/',
      pageId: 'signup',
      sets: ['pages'],
      action: authAction,
    });
    await user.type(screen.getByLabelText('E-mail'), 'taken@example.com');
    await user.type(screen.getByLabelText('Login'), 'taken');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findAllByRole('alert');
    expect(logged).toHaveBeenCalledWith(
      'auth failed:',
      expect.objectContaining({ statusCode: 409 }),
    );
  });
});

/**
 * A refused submit puts the focus on the first field at fault (in the page's order), as the
 * order form does: the keyboard and screen reader user lands on what to fix.
 */
describe('a refused submit', () => {
  let api: ReturnType<typeof fakeApi>;
  let logged: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    api?.restore();
    logged.mockRestore();
  });

  const renderForm = (form: 'login' | 'signup') =>
    renderPage(form === 'login' ? <LoginForm /> : <SignupForm />, {
      store: appStore({}),
      path: `/en/${form}/`,
      pageId: form,
      sets: ['pages'],
      action: authAction,
    });
  /** Tab to the submit button and press Enter, as a keyboard does. */
  const submitWithKeyboard = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    const button = screen.getByRole('button', { name });
    while (document.activeElement !== button) await user.tab();
    await user.keyboard('{Enter}');
  };

  it('of sign-in focuses the login, then the password when only it is missing', async () => {
    api = fakeApi({});
    const user = userEvent.setup();
    renderForm('login');
    await submitWithKeyboard(user, 'Log in');
    const login = screen.getByLabelText('Login or e-mail');
    expect(document.activeElement).toBe(login);
    expect(login.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('buyer');
    await submitWithKeyboard(user, 'Log in');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(api.calls).toHaveLength(0);
  });

  it('of sign-up focuses the e-mail when all is empty', async () => {
    api = fakeApi({});
    const user = userEvent.setup();
    renderForm('signup');
    await submitWithKeyboard(user, 'Create account');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });

  it('of sign-up with the password not repeated says the field is required, and focuses it', async () => {
    api = fakeApi({});
    const user = userEvent.setup();
    renderForm('signup');
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Login'), 'newbuyer');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await submitWithKeyboard(user, 'Create account');
    const repeat = screen.getByLabelText('Repeat the password');
    expect(document.activeElement).toBe(repeat);
    // the words every required field says, read as the field's description
    expect(screen.getByText('This field is required').id).toBe(
      repeat.getAttribute('aria-describedby'),
    );
    // a repetition that differs is still a mismatch
    await user.type(repeat, 'correct horse');
    await submitWithKeyboard(user, 'Create account');
    expect(screen.getByText("Password don't match")).toBeTruthy();
    expect(document.activeElement).toBe(repeat);
  });

  it("of sign-up by the server's 400 naming a field focuses that field", async () => {
    api = fakeApi({
      'POST register': () =>
        new ApiRefusal(400, 'Login must be longer than 2 characters', {
          errors: { login: 'Login must be longer than 2 characters' },
        }),
    });
    const user = userEvent.setup();
    renderForm('signup');
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Login'), 'newbuyer');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse battery');
    await submitWithKeyboard(user, 'Create account');
    const login = screen.getByLabelText('Login');
    await waitFor(() => expect(document.activeElement).toBe(login));
    expect(login.getAttribute('aria-invalid')).toBe('true');
  });
});
