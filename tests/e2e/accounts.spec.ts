import { expect, test } from '@playwright/test';
import { hydrated, mailTo } from './support.ts';

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('sign up, log out, log in, reset the password by mail, and land in the cabinet in English', async ({
  page,
}) => {
  const email = `e2e.${stamp}@example.com`;
  const login = `e2e${stamp}`;

  await page.goto('/en/signup/');
  await hydrated(page);
  // bad input is caught before it reaches the API
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await expect(page.getByText('Please enter your login')).toBeVisible();

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill('first password 1');
  await page.getByLabel('Repeat the password').fill('another one');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Password don't match")).toBeVisible();
  await page.getByLabel('Repeat the password').fill('first password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  await hydrated(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en\/$/);

  await page.goto('/en/cp/orders/');
  await expect(page).toHaveURL(/\/en\/login\/\?redirect=/);
  await hydrated(page);
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong login or password')).toBeVisible();
  await page.getByLabel('Password').fill('first password 1');
  await page.getByRole('button', { name: 'Log in' }).click();
  // back to the page that asked for the login
  await expect(page).toHaveURL(/\/en\/cp\/orders\/$/);

  await hydrated(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en\/$/);

  await page.goto('/en/reset/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account with this e-mail exists');
  const link = /https?:\/\/[^\s]+\/reset\/\w+\//.exec(await mailTo(email))?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link!).pathname);
  await hydrated(page);
  await page.getByLabel('New password').fill('second password 2');
  await page.getByLabel('Repeat the password').fill('second password 2');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.screenshot({ path: 'screenshots/cabinet-en-desktop.png' });
});

test('a German sign-up lands in the German cabinet', async ({ page }) => {
  await page.goto('/de/signup/');
  await hydrated(page);
  await page.screenshot({ path: 'screenshots/signup-de-desktop.png' });
  await page.locator('input[name="email"]').fill(`de.${stamp}@example.com`);
  await page.locator('input[name="login"]').fill(`de${stamp}`);
  await page.locator('input[name="password"]').fill('deutsches passwort');
  await page.locator('input[name="password_confirmation"]').fill('deutsches passwort');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/de\/cp\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('log in through the (fake) Google provider and land in the cabinet', async ({ page }) => {
  await page.goto('/en/login/');
  await hydrated(page);
  await page.getByRole('link', { name: 'Google' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
  await expect(page.getByText('Signed in as social.e2e@example.com')).toBeVisible();
});
