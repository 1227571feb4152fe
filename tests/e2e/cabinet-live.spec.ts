import { type Browser, expect, type Page, test } from '@playwright/test';
import { hydrated, shoot } from './support.ts';

/**
 * Cabinet II as customers live it. A referrer signs up and copies their link from
 * /cp/income/; a friend follows it in another browser (the code is kept in a cookie, the
 * address is cleaned), signs up, tops up and orders. The friend's bell counts up without a
 * reload as the order is paid, starts and completes; the referrer's bell rings with the bonus
 * while they look at their income page, which then lists it; they ask to withdraw it. The
 * notifications page lists and reads everything. Screenshots at 1440, 375 and 320 px, in
 * Russian and English.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUpThroughForm(page: Page, name: string) {
  await page.goto('/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`${name}.${stamp}@example.com`);
  await page.getByLabel('Логин', { exact: true }).fill(`${name}${stamp}`);
  await page.getByLabel('Пароль', { exact: true }).fill('first password 1');
  await page.getByLabel('Повторите пароль').fill('first password 1');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL(/\/cp\/$/);
}

const bellCount = (page: Page) =>
  page
    .getByTestId('bell-count')
    .textContent({ timeout: 100 })
    .then((text) => Number(text ?? 0))
    .catch(() => 0);

async function freshPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU' });
  return context.newPage();
}

test('a referral journey with live notifications, from the link to the bonus', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // the referrer: an empty income page with their link
  const referrer = await freshPage(browser, baseURL!);
  await signUpThroughForm(referrer, 'referrer');
  await referrer.goto('/cp/income/');
  await hydrated(referrer);
  await expect(referrer.getByRole('heading', { level: 1 })).toHaveText('Партнёрский доход');
  const link = await referrer.getByTestId('referral-link').inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/\\?ref=[A-Za-z0-9]{8}$`));
  await expect(referrer.getByTestId('bonuses-empty')).toBeVisible();
  await expect(referrer.getByTestId('income-stats')).toContainText('0 ₽');
  await shoot(referrer, 'cp-income-empty-ru');

  // the friend follows the link: the code stays in a cookie, the address is cleaned
  const friend = await freshPage(browser, baseURL!);
  await friend.goto(link);
  await expect(friend).toHaveURL(`${baseURL}/`);
  const cookies = await friend.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'ref')?.value).toBe(link.split('=')[1]);
  await signUpThroughForm(friend, 'friend');
  // a referred customer starts at level 2
  await expect(friend.getByTestId('cp-level')).toContainText('2');
  await expect(friend.getByTestId('bell')).toBeVisible();
  expect(await bellCount(friend)).toBe(0);

  // a top-up: "Balance topped up" is waiting in the bell when the friend is back
  await friend.goto('/cp/payment/');
  await hydrated(friend);
  const deposit = friend.getByTestId('deposit-form');
  await deposit.getByLabel('Сумма, RUB').fill('500');
  await deposit.locator('[data-method="sberpay"]').click();
  await deposit.getByRole('button', { name: 'Пополнить' }).click();
  await expect(friend).toHaveURL(/\/sandbox\/checkout\/sbx_[\w-]+\/$/);
  await friend.getByRole('button', { name: 'Оплатить' }).click();
  await expect(friend).toHaveURL(/\/thanks\/\?payment=\w{20}$/);
  await friend.goto('/cp/orders/');
  await hydrated(friend);
  await expect(friend.getByTestId('bell-count')).toHaveText('1');

  // an order from the balance; every change of it rings the bell without a reload
  const order = await friend.request.post('/api/c_orders/main', {
    headers: { Origin: baseURL! },
    data: {
      tag: 'INSTAGRAM_LIKES',
      link: 'https://www.instagram.com/p/C8xYz12AbCd/',
      quantity: 100,
      method: -1,
    },
  });
  expect(order.status()).toBe(201);
  const orderId: string = (await order.json()).data.order.id;
  // paid at once (2), sent to the provider by the worker a moment later (3), completed (4)
  await expect(friend.getByTestId('bell-count')).toHaveText('3', { timeout: 10_000 });
  await friend.getByTestId('bell').click();
  const panel = friend.locator('#notifications-panel');
  const newest = panel.getByTestId('notification');
  await expect(newest).toHaveCount(3);
  await expect(newest.nth(0)).toContainText('Заказ запущен');
  await expect(newest.nth(1)).toContainText('Заказ оплачен');
  await expect(newest.nth(2)).toContainText('Баланс пополнен');
  // the orders list on the page behind has followed without a reload
  await expect(friend.locator('main')).toContainText('Лайки в Instagram');
  await shoot(friend, 'cp-bell-open-ru');

  // the referrer watches their income page: the bonus rings while they look
  await referrer.goto('/cp/income/');
  await hydrated(referrer);
  await expect(referrer.getByTestId('bell-count')).toHaveCount(0);
  await expect(friend.getByTestId('bell-count')).toHaveText('4', { timeout: 60_000 });
  await expect(newest.nth(0)).toContainText('Заказ выполнен');
  await expect(newest).toHaveCount(3);
  await expect(referrer.getByTestId('bell-count')).toHaveText('1', { timeout: 10_000 });
  // 10 % of 19 ₽ × 0.95 (level 2 takes 5 % off likes) = 1,81 ₽ (rounded to the kopeck)
  await referrer.getByTestId('bell').click();
  await expect(referrer.locator('#notifications-panel')).toContainText('Реферальный бонус');
  await referrer.keyboard.press('Escape');
  await referrer.reload();
  await hydrated(referrer);
  const bonuses = referrer.getByTestId('bonuses').locator('tbody tr');
  await expect(bonuses).toHaveCount(1);
  await expect(bonuses.first()).toContainText(/^.*fr\*\*\*@example\.com.*$/);
  await expect(bonuses.first()).toContainText('100 × ');
  const stats = referrer.getByTestId('income-stats');
  await expect(stats.locator('[data-stat="referrals"]')).toContainText('1');
  await expect(stats.locator('[data-stat="earned"]')).toContainText('1,81 ₽');
  await shoot(referrer, 'cp-income-ru');

  // a withdraw request (the e2e server's minimum is 1 ₽): held, listed as waiting
  const withdraw = referrer.getByTestId('withdraw');
  await withdraw.getByLabel('Сумма').fill('1,5');
  await withdraw.getByLabel('Способ выплаты').selectOption('card');
  await withdraw.getByLabel('Номер карты, кошелёк или e-mail PayPal').fill('2200 0000 0000 0000');
  await withdraw.getByRole('button', { name: 'Вывести' }).click();
  await expect(withdraw.getByRole('status')).toContainText('Заявка отправлена');
  await expect(withdraw.getByTestId('withdrawals')).toContainText('1,50 ₽');
  await expect(withdraw.getByTestId('withdrawals')).toContainText('Ожидает');
  await expect(withdraw).toContainText('ожидает решения');

  // a notification leads to what it speaks of: the order, found in the list
  await newest.nth(0).getByRole('link', { name: 'Заказ выполнен' }).click();
  await expect(friend).toHaveURL(new RegExp(`/cp/orders/\\?q=${orderId}$`));
  await expect(panel).toBeHidden();

  // the notifications page lists everything and reads it at once
  await friend.goto('/cp/notifications/');
  await hydrated(friend);
  const items = friend.locator('main').getByTestId('notification');
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText('Заказ выполнен');
  await expect(items.last()).toContainText('Баланс пополнен');
  await expect(friend.getByTestId('bell-count')).toHaveCount(0);
  await shoot(friend, 'cp-notifications-ru');
  await friend.reload();
  await hydrated(friend);
  await expect(friend.getByTestId('bell-count')).toHaveCount(0);
  await expect(items.first()).not.toHaveAttribute('data-unread', 'true');

  // the same pages in English
  await referrer.goto('/en/cp/income/');
  await hydrated(referrer);
  await expect(referrer.getByRole('heading', { level: 1 })).toHaveText('Affiliate income');
  await expect(referrer.getByTestId('withdrawals')).toContainText('Waiting');
  await shoot(referrer, 'cp-income-en');
  await referrer.goto('/en/cp/notifications/');
  await hydrated(referrer);
  await expect(referrer.locator('main').getByTestId('notification').first()).toContainText(
    'Referral bonus',
  );
  await shoot(referrer, 'cp-notifications-en');
  await friend.context().close();
  await referrer.context().close();
});

test('an account with nothing yet: the empty notifications page', async ({ page }) => {
  await signUpThroughForm(page, 'quiet');
  await page.goto('/en/cp/notifications/');
  await hydrated(page);
  await expect(page.getByTestId('notifications-empty')).toContainText('No notifications yet');
  await shoot(page, 'cp-notifications-empty-en');
});
