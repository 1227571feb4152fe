/** @jest-environment jsdom */
import '../../../tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRefusal, appStore, fakeApi, renderPage } from '../../../tests/support/render.tsx';
import { LoginForm, SignupForm } from './auth-forms.tsx';

/** SPEC §8: a failed local login or sign-up says why on the form and is logged to the console. */
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
