import { expect, test } from '@playwright/test';
import { hydrated, signUp } from './support.ts';

/**
 * a password changed in another session revokes this one's token; the server
 * ends this page's live connection at once, and the page, no longer signed in, leaves the
 * cabinet for the login page instead of showing stale data with a dead bell.
 */
test('a cabinet page leaves for the login page when its session is revoked elsewhere', async ({
  page,
  browser,
  baseURL,
}) => {
  const login = `revoked${Date.now().toString(36)}`;
  await signUp(page, { login, lang: 'en', cur: 'USD' });
  await page.goto('/en/cp/orders/');
  await hydrated(page);
  await expect(page.locator('[data-live="on"]')).toHaveCount(1);

  const other = await browser.newContext({ baseURL: baseURL! });
  const elsewhere = await other.newPage();
  const signedIn = await elsewhere.request.post('/api/login/local', {
    data: { login, password: 'correct horse battery' },
  });
  expect(signedIn.status()).toBe(200);
  const changed = await elsewhere.request.post('/api/user/password', {
    headers: { Origin: baseURL! },
    data: {
      current_password: 'correct horse battery',
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    },
  });
  expect(changed.status()).toBe(200);

  await expect(page).toHaveURL(/\/en\/login\/$/, { timeout: 10_000 });
  await other.close();
});
