import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, shoot } from './support.ts';

/**
 * /cp/api/ as a reseller uses it: make a key, see it once, call /api/v2 with it,
 * make a new one (the page confirms first; the old one stops answering), and revoke it. Screenshots in Russian and English.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new account made through the English sign-up form, landing in the cabinet. */
async function signUpAs(page: Page, name: string) {
  await page.goto('/en/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`${name}.${stamp}@example.com`);
  await page.getByLabel('Login', { exact: true }).fill(`${name}${stamp}`);
  await page.getByLabel('Password', { exact: true }).fill('first password 1');
  await page.getByLabel('Repeat the password').fill('first password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
}

test('a reseller makes, rotates and revokes an API key', async ({ page }) => {
  // the API page carries the whole guide: its full-page screenshots at three widths take time
  test.setTimeout(60_000);
  await signUpAs(page, 'reseller');

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
  // the client example and the webhook signature check
  await expect(guide.locator('pre code.language-php')).toHaveCount(2);
  await expect(guide.getByRole('heading', { level: 2, name: 'Status webhooks' })).toBeVisible();
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

/**
 * The status webhook as a reseller sets it up: a URL refused with a clear error,
 * then a receiver's URL saved, the secret revealed, a test event sent: the worker delivers
 * it signed, and the page's log follows it to "Delivered". Screenshots in English and Russian.
 */
test('a reseller sets a status webhook and sees a test event delivered', async ({ page }) => {
  // a worker round's delivery and screenshots at three widths: room on a busy machine
  test.setTimeout(60_000);
  const received: { signature: string; raw: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ signature: String(req.headers['boostly-signature'] ?? ''), raw });
      res.end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/boostly`;
  try {
    await signUpAs(page, 'hooks');

    await page.goto('/en/cp/api/');
    await hydrated(page);
    const card = page.getByTestId('api-webhook');
    const url = card.getByLabel('Webhook URL');
    await url.fill('ftp://hooks.example.com/');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'Enter a full public address starting with https:// or http://.',
    );
    await expect(card.getByRole('button', { name: 'Send test event' })).toHaveCount(0);

    await url.fill(target);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('status')).toContainText('Saved');
    await expect(card).toContainText('Nothing has been sent yet');
    await card.getByRole('button', { name: 'Show' }).click();
    const secret = (await card.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);

    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('status')).toContainText('queued');
    // the worker sends it within its round; the log follows on its own
    const entry = card.getByTestId('webhook-log').locator('li').first();
    await expect(entry).toContainText('Test event');
    await expect(entry).toContainText('Delivered', { timeout: 15_000 });
    await expect(entry).toContainText('1 attempt');
    await expect(entry).toContainText('HTTP 200');
    expect(received).toHaveLength(1);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received[0]!.signature)!;
    expect(createHmac('sha256', secret).update(`${t}.${received[0]!.raw}`).digest('hex')).toBe(v1);
    expect(JSON.parse(received[0]!.raw)).toMatchObject({ type: 'test' });
    await shoot(page, 'cp-api-webhook-en');

    await page.goto('/cp/api/');
    await hydrated(page);
    const ru = page.getByTestId('api-webhook');
    await expect(ru.getByTestId('webhook-log')).toContainText('Доставлено');
    await ru.scrollIntoViewIfNeeded();
    await shoot(page, 'cp-api-webhook-ru');
    page.once('dialog', (dialog) => dialog.accept());
    await ru.getByRole('button', { name: 'Удалить' }).click();
    await expect(ru.getByRole('button', { name: 'Отправить тестовое событие' })).toHaveCount(0);
    await expect(ru.getByLabel('URL вебхука')).toHaveValue('');
  } finally {
    receiver.close();
  }
});
