import { expect, test } from '@playwright/test';
import { hydrated, shoot } from './support.ts';

/**
 * /cp/api/ as a reseller uses it (issue 15): make a key, see it once, call /api/v2 with it,
 * make a new one (the page confirms first; the old one stops answering), and revoke it. Screenshots in Russian and English.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a reseller makes, rotates and revokes an API key', async ({ page }) => {
  await page.goto('/en/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`reseller.${stamp}@example.com`);
  await page.getByLabel('Login', { exact: true }).fill(`reseller${stamp}`);
  await page.getByLabel('Password', { exact: true }).fill('first password 1');
  await page.getByLabel('Repeat the password').fill('first password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);

  await page.goto('/en/cp/api/');
  await hydrated(page);
  const card = page.getByTestId('api-key');
  await expect(card).toContainText('You have no API key yet');
  await card.getByRole('button', { name: 'Create a key' }).click();
  const shown = card.getByTestId('api-key-value');
  await expect(shown).toHaveText(/^bst_[\w-]{32}$/);
  const key = (await shown.textContent())!;
  await expect(card).toContainText(`${key.slice(0, 10)}…`);
  await expect(card.getByTestId('api-key-used')).toHaveText('Not used yet');
  // the endpoint the page names answers the key, as a panel would call it
  await expect(page.getByTestId('api-endpoint')).toContainText('/api/v2');
  const answer = await page.request.post('/api/v2', { form: { key, action: 'balance' } });
  expect(await answer.json()).toEqual({ balance: '0.00', currency: 'USD' });
  // the guide: every action, with code to copy
  const guide = page.getByTestId('api-guide');
  await expect(guide.getByRole('heading', { level: 2, name: 'API guide' })).toBeVisible();
  await expect(guide.locator('h3', { hasText: 'refill_status' })).toBeVisible();
  await expect(guide.locator('pre code.language-php')).toBeVisible();
  await shoot(page, 'cp-api-en');

  // a new key replaces it, after a confirmation
  page.once('dialog', (dialog) => dialog.accept());
  await card.getByRole('button', { name: 'Make a new key' }).click();
  await expect(shown).not.toHaveText(key);
  // a reload never shows a key again
  await page.reload();
  await hydrated(page);
  await expect(card.getByTestId('api-key-value')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Revoke' })).toBeVisible();
  // the old key no longer answers
  const old = await page.request.post('/api/v2', { form: { key, action: 'balance' } });
  expect(await old.json()).toEqual({ error: 'Invalid API key' });

  await page.goto('/cp/api/');
  await hydrated(page);
  await expect(page.getByTestId('api-guide')).toContainText('Руководство по API');
  await shoot(page, 'cp-api-ru');
  page.once('dialog', (dialog) => dialog.accept());
  await card.getByRole('button', { name: 'Отозвать' }).click();
  await expect(card).toContainText('У вас пока нет API-ключа');
});
