import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support.ts';

/**
 * A customer with a balance subscribes to Instagram auto-likes for every new post until a last
 * day from the cabinet (docs/product.md §5): no post count, the price per post, nothing charged
 * now; the orders page shows the subscription with its last day. The form and the card are
 * pictured in English and Russian at a desktop's and a small phone's widths.
 */
const SHOTS = 'screenshots';

const WORDS = {
  en: {
    prefix: '/en',
    every: 'Every new post until the last day',
    lastDay: 'Last day',
    start: 'Start the subscription',
    perPost: 'Price per post',
  },
  ru: {
    prefix: '',
    every: 'Каждая новая публикация до последнего дня',
    lastDay: 'Последний день',
    start: 'Запустить подписку',
    perPost: 'Цена за публикацию',
  },
} as const;

/** Nothing wider than the window, at 1440 and 320 px; a picture of `what` at each. */
async function shots(page: Page, name: string, what: ReturnType<Page['getByTestId']>) {
  for (const width of [1440, 320]) {
    await page.setViewportSize({ width, height: width > 400 ? 1000 : 780 });
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client!);
    await what.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Minor units from a shown amount ("$19.83"). */
const minor = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** The cabinet's form on auto-likes, for every new post until `day`. */
async function fillSubscription(page: Page, lang: keyof typeof WORDS, day: string) {
  const w = WORDS[lang];
  await page.goto(`${w.prefix}/cp/?service=INSTAGRAM_AUTO_LIKES`);
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form.locator('input[name="link"]').fill('nasa');
  await form.getByRole('button', { name: '100', exact: true }).click();
  await form.getByTestId('order-quantity-max').fill('120');
  await form.getByRole('radio', { name: w.every }).check();
  await form.getByLabel(w.lastDay, { exact: true }).fill(day);
  await expect(form.getByTestId('order-price')).toContainText(w.perPost);
  await expect(form.getByTestId('order-cost')).toHaveText(/\d/);
  return form;
}

test('a funded customer subscribes to auto-likes for every new post and finds it on the orders page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = `os${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await page.goto('/en/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`${stamp}@example.com`);
  await page.getByLabel('Login', { exact: true }).fill(stamp);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Repeat the password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
  await hydrated(page);

  // $20 on the balance through the sandbox
  await page.goto('/en/cp/payment/');
  await hydrated(page);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel(/^Amount, /).fill('20');
  await deposit.locator('[data-method]').first().click();
  const box = deposit.getByRole('checkbox');
  if (await box.count()) await box.check();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your balance is topped up');

  const next = new Date(Date.now() + 60 * 86_400_000);
  const day = next.toISOString().slice(0, 10);
  const shown = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

  // the Russian form first, for its pictures (the account's dollars, the page's language)
  await fillSubscription(page, 'ru', day);
  await shots(page, 'cp-open-subscription-form-ru', page.getByTestId('order-form'));

  const form = await fillSubscription(page, 'en', day);
  // one post's price, nothing else to pay with, nothing charged now
  await expect(form.getByRole('spinbutton', { name: 'Number of posts' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: /payment method/i })).toHaveCount(0);
  await expect(form.getByTestId('subscription-short')).toHaveCount(0);
  expect(minor(await form.getByTestId('order-cost').textContent())).toBeGreaterThan(0);
  await shots(page, 'cp-open-subscription-form-en', form);
  await form.getByRole('button', { name: 'Start the subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for your order');
  await hydrated(page);

  await page.goto('/en/cp/orders/');
  await hydrated(page);
  const card = page.getByTestId('order-card').first();
  const note = card.getByTestId('order-subscription');
  await expect(note).toContainText(/posts? ordered so far, 100–120 per post\./);
  await expect(note).toContainText(`Until ${shown}.`);
  await expect(note).not.toContainText(' of 0 ');
  // nothing was charged for the subscription itself
  expect(minor(await page.getByTestId('cp-balance').textContent())).toBeGreaterThan(0);
  await shots(page, 'cp-open-subscription-card-en', card);

  await page.goto('/cp/orders/');
  await hydrated(page);
  const russian = page.getByTestId('order-card').first();
  await expect(russian.getByTestId('order-subscription')).toContainText('Пока заказано постов:');
  await shots(page, 'cp-open-subscription-card-ru', russian);
});
