import { type APIRequestContext, expect, test } from '@playwright/test';
import { hydrated, shoot, signUp } from './support.ts';

/**
 * /cp/payment/history/ and /cp/price/ as a customer: sign up in Russian, top up
 * 5 000 ₽ in the sandbox from /cp/payment/, pay an order from the balance, see both in the
 * history with the right totals, filter by group (the URL follows, the back button restores
 * it), and find level 2 with what is left to level 3 and the cabinet prices on /cp/price/.
 * The same pages in German, empty and then with a top-up; screenshots at 1440, 375 and 320.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The page at each width, full length, with no sideways scrolling. */
/** An order of 1 000 Instagram likes paid from the balance (the cabinet form is another page's). */
async function orderFromBalance(request: APIRequestContext, origin: string) {
  const res = await request.post('/api/c_orders/main', {
    headers: { Origin: origin },
    data: {
      tag: 'INSTAGRAM_LIKES',
      link: 'https://www.instagram.com/p/C8xYz12AbCd/',
      quantity: 1_000,
      method: -1,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { order: { id: string } } }).data.order.id;
}

test('history and prices in Russian: a top-up, an order, filters in the URL, level 2', async ({
  page,
  baseURL,
}) => {
  await page.goto('/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`ledger.${stamp}@example.com`);
  await page.getByLabel('Логин', { exact: true }).fill(`ledger${stamp}`);
  await page.getByLabel('Пароль', { exact: true }).fill('first password 1');
  await page.getByLabel('Повторите пароль').fill('first password 1');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL(/\/cp\/$/);

  // 5 000 ₽ through the sandbox from the top-up page
  await page.goto('/cp/payment/');
  await hydrated(page);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel('Сумма, RUB').fill('5000');
  await deposit.locator('[data-method="sberpay"]').click();
  await deposit.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_[\w-]+\/$/);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/thanks\/\?payment=\w{20}$/);
  const orderId = await orderFromBalance(page.request, baseURL!);

  await page.goto('/cp/payment/history/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('История платежей');
  const totals = page.getByTestId('history-totals');
  await expect(totals.locator('[data-group="balance_top_up"]')).toContainText('5 000 ₽');
  await expect(totals.locator('[data-group="balance_top_up"]')).toContainText('1 операция');
  // level 2 (reached by the top-up) takes 5 % off likes: 185 ₽ − 9,25 ₽
  await expect(totals.locator('[data-group="order_payment"]')).toContainText('175,75 ₽');
  await expect(totals.locator('[data-group="refund"]')).toContainText('0 ₽');
  const rows = page.getByTestId('history-rows').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Оплата заказа');
  await expect(rows.nth(0)).toContainText('−175,75 ₽');
  await expect(rows.nth(0)).toContainText('4 824,25 ₽');
  await expect(rows.nth(1)).toContainText('Пополнение баланса');
  await expect(rows.nth(1)).toContainText('+5 000 ₽');
  await expect(rows.nth(1)).toContainText(/Платёж \w{20}/);
  // the order's row leads to it in the orders list
  await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/cp/orders/?q=${orderId}`);
  await shoot(page, 'cp-history-ru');

  // a group chip filters and writes the URL; the back button brings the filter back
  const chips = page.getByTestId('history-groups');
  await chips.getByRole('button', { name: 'Оплата заказов' }).click();
  await expect(page).toHaveURL(/\/cp\/payment\/history\/\?group=order_payment$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Оплата заказа');
  await chips.getByRole('button', { name: 'Пополнения' }).click();
  await expect(page).toHaveURL(/\?group=balance_top_up,order_payment$/);
  await expect(rows).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\?group=order_payment$/);
  await expect(chips.getByRole('button', { name: 'Оплата заказов' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(chips.getByRole('button', { name: 'Пополнения' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(rows).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/cp\/payment\/history\/$/);
  await expect(rows).toHaveCount(2);

  // days with nothing in them: the empty state offers to clear the filter
  await page.goto('/cp/payment/history/?from=2020-01-01&to=2020-01-31');
  await hydrated(page);
  await expect(page.getByTestId('history-empty')).toContainText('Под эти фильтры');
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(page).toHaveURL(/\/cp\/payment\/history\/$/);
  await expect(rows).toHaveCount(2);

  // 5 000 ₽ paid in is level 2; 20 000 ₽ more reaches level 3
  await page.goto('/cp/price/');
  await hydrated(page);
  await expect(page.getByTestId('level-current')).toHaveText('Уровень 2');
  await expect(page.getByTestId('level-paid')).toHaveText('5 000 ₽');
  await expect(page.getByTestId('level-next')).toContainText('осталось 20 000 ₽');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  await expect(page.getByText('В цены уже входит скидка вашего уровня 2.')).toBeVisible();
  const levels = page.getByTestId('levels-table');
  await expect(levels.locator('th[aria-current="true"]')).toContainText('Уровень 2');
  // level 5 alone has a personal manager
  await expect(levels.locator('tbody tr').last()).toContainText(/^Личный менеджер(—){4}Да$/);
  const prices = page.getByTestId('price-list');
  await expect(prices.locator('tr[data-tag="INSTAGRAM_LIKES"]')).toContainText('Лайки в Instagram');
  // 100 likes at the cabinet's 17,50 ₽ less level 2's 5 % (0,875 ₽, rounded half up)
  await expect(prices.locator('tr[data-tag="INSTAGRAM_LIKES"]')).toContainText(/16,62\s₽/);
  await expect(
    prices.locator('tr[data-tag="INSTAGRAM_LIKES"]').getByRole('link', { name: /Заказать/ }),
  ).toHaveAttribute('href', '/cp/?service=INSTAGRAM_LIKES');
  await shoot(page, 'cp-price-ru');

  await page.getByRole('tab', { name: 'TikTok' }).click();
  await expect(page).toHaveURL(/\/cp\/price\/\?platform=tiktok$/);
  await expect(prices.locator('tr[data-tag="TIKTOK_VIEWS"]')).toBeVisible();
  await expect(prices.locator('tr[data-tag="INSTAGRAM_LIKES"]')).toHaveCount(0);
});

test('history and prices in German: the empty history, then a top-up in euros', async ({
  page,
  baseURL,
}) => {
  const login = `ledgerde${stamp}`;
  await signUp(page, { login, lang: 'de', cur: 'EUR' });

  await page.goto('/de/cp/payment/history/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlungsverlauf');
  const empty = page.getByTestId('history-empty');
  await expect(empty).toContainText('Noch keine Vorgänge');
  await expect(empty.getByRole('link', { name: 'Aufladen' })).toHaveAttribute(
    'href',
    '/de/cp/payment/',
  );
  await shoot(page, 'cp-history-de-empty');

  // 120 € through the sandbox (PayPal), then an order paid from the balance
  const deposit = await page.request.post('/api/deposit', {
    headers: { Origin: baseURL! },
    data: { amount: 12_000, method: 7, agreement: true },
  });
  expect(deposit.status()).toBe(201);
  const { redirect } = ((await deposit.json()) as { data: { redirect: string } }).data;
  await page.goto(new URL(redirect).pathname);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(/\/thanks\/\?payment=\w{20}$/);
  await orderFromBalance(page.request, baseURL!);

  await page.goto('/de/cp/payment/history/');
  await hydrated(page);
  const totals = page.getByTestId('history-totals');
  await expect(totals.locator('[data-group="balance_top_up"]')).toContainText('120 €');
  await expect(page.getByTestId('history-rows').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('history-rows')).toContainText('Guthabenaufladung');
  await shoot(page, 'cp-history-de');

  await page.goto('/de/cp/price/');
  await hydrated(page);
  await expect(page.getByTestId('level-current')).toHaveText('Stufe 2');
  await expect(page.getByTestId('level-paid')).toHaveText('120 €');
  await expect(page.getByTestId('level-next')).toContainText('noch 380 €');
  await expect(page.getByTestId('price-list').locator('tbody tr').first()).toContainText('€');
  await shoot(page, 'cp-price-de');
});
