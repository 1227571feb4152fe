import { expect, type Page, test } from '@playwright/test';
import { hydrated, shoot, signUp } from './support.ts';

/**
 * In the cabinet: a customer orders likes as a drip-feed (two runs a minute apart),
 * sees the first run go and cancels the second, which comes back to the balance; then
 * subscribes to an account's new posts (two posts) and watches the subscription order for
 * each new post until it is finished. English and Russian, screenshots at 1440, 375, 320 px.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function topUp(page: Page, baseURL: string, amount: number) {
  const deposit = await page.request.post('/api/deposit', {
    headers: { Origin: baseURL },
    data: { amount, method: 7, agreement: true },
  });
  expect(deposit.status()).toBe(201);
  const { redirect } = ((await deposit.json()) as { data: { redirect: string } }).data;
  await page.goto(new URL(redirect).pathname);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(/\/thanks\/\?payment=\w{20}$/);
}

/** The orders list, reloaded until `ready` holds of the first card. */
async function firstCardUntil(page: Page, path: string, text: string | RegExp) {
  await expect(async () => {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByTestId('order-card').first()).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return page.getByTestId('order-card').first();
}

test('a drip-feed order: runs a minute apart, the run not sent canceled and refunded', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { login: `drip${stamp}`, lang: 'en', cur: 'EUR' });
  await topUp(page, baseURL!, 5_000);

  await page.goto('/en/cp/?service=INSTAGRAM_LIKES');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form.getByLabel('Link to the post').fill('https://www.instagram.com/p/C8xYz12Dr01/');
  await form
    .getByRole('group', { name: 'Quantity' })
    .getByRole('button', { name: '100', exact: true })
    .click();
  await form.getByRole('switch', { name: /^Drip-feed/ }).check();
  await form.getByRole('spinbutton', { name: 'Runs' }).fill('2');
  await form.getByRole('spinbutton', { name: 'Interval, minutes' }).fill('1');
  await expect(form.getByTestId('drip-feed-total')).toHaveText(
    '200 in all: 100 × 2 runs, one every 1 min; the last run starts in 1 min',
  );
  await shoot(page, 'cp-drip-feed-form-en');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/en\/thanks\/\?order=\w+/);

  // the worker sends the first run at once; the second waits its minute
  const card = await firstCardUntil(page, '/en/cp/orders/', 'Drip-feed: 1 of 2 runs sent');
  await card.getByRole('button', { name: 'Show 2 runs' }).click();
  await expect(card.getByTestId('order-row')).toHaveCount(2);
  await shoot(page, 'cp-drip-feed-order-en');

  // canceled now: the run not sent comes back
  // the order's own button (its runs have theirs too)
  await card.getByRole('button', { name: 'Cancel order' }).first().click();
  await card.getByRole('button', { name: 'Yes, cancel' }).first().click();
  await expect(card.getByTestId('order-refunded')).toContainText('returned to the balance');
  await expect(card.getByTestId('order-drip-feed')).toHaveText(
    'Drip-feed: 1 of 2 runs sent, one every 1 min',
  );
});

test('a subscription orders for each new post of the account until its posts are used', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { login: `sub${stamp}`, lang: 'ru', cur: 'EUR' });
  await topUp(page, baseURL!, 5_000);

  await page.goto('/cp/?service=INSTAGRAM_AUTO_LIKES');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form
    .getByLabel('Логин или ссылка на профиль')
    .fill(`https://www.instagram.com/sub.${stamp}/`);
  await form.getByLabel('Количество публикаций').fill('2');
  await expect(form.getByTestId('subscription-options')).toBeVisible();
  await form.getByLabel('Задержка после новой публикации').selectOption('0');
  await shoot(page, 'cp-subscription-form-ru');
  await form.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(/\/thanks\/\?order=\w+/);

  // a post every 2 s: two post orders, then it is finished
  const card = await firstCardUntil(
    page,
    '/cp/orders/',
    'Подписка завершена: новых заказов на посты не будет.',
  );
  await expect(card.getByTestId('order-subscription')).toContainText('Заказано постов: 2 из 2');
  await card.getByRole('button', { name: /^Показать 2 заказа на посты/ }).click();
  const rows = card.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/,
  );
  await shoot(page, 'cp-subscription-order-ru');
});
