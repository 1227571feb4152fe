import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support.ts';

/**
 * done when: a customer signs up, tops up in the sandbox, orders from /cp/ paid from
 * the balance, sees the order move to Completed in /cp/orders/ without a reload, cancels a
 * second order and sees the refund, and finds the top-up, both payments and the refund in the
 * payment history with the right totals. In Russian and in German.
 */
const SHOTS = 'screenshots';
const IG_POST = 'https://www.instagram.com/p/C8xYz12AbCd/';

const WORDS = {
  ru: {
    prefix: '',
    email: 'E-mail',
    login: 'Логин',
    password: 'Пароль',
    repeat: 'Повторите пароль',
    signup: 'Создать аккаунт',
    amount: /^Сумма, /,
    topUp: 'Пополнить',
    sandboxPay: 'Оплатить',
    toppedUp: 'Баланс пополнен',
    newOrder: 'Новый заказ',
    link: 'Ссылка на публикацию',
    thanks: 'Спасибо за заказ',
    completed: 'Выполнен',
    canceled: 'Отменён',
    cancel: 'Отменить заказ',
    cancelYes: 'Да, отменить',
  },
  de: {
    prefix: '/de',
    email: 'E-Mail-Adresse',
    login: 'Benutzername',
    password: 'Passwort',
    repeat: 'Passwort wiederholen',
    signup: 'Konto erstellen',
    amount: /^Betrag, /,
    topUp: 'Aufladen',
    sandboxPay: 'Bezahlen',
    toppedUp: 'Ihr Guthaben wurde aufgeladen',
    newOrder: 'Neue Bestellung',
    link: 'Link zum Beitrag',
    thanks: 'Vielen Dank für Ihre Bestellung',
    completed: 'Abgeschlossen',
    canceled: 'Storniert',
    cancel: 'Bestellung stornieren',
    cancelYes: 'Ja, stornieren',
  },
} as const;

/** Nothing wider than the window, at a desktop's and two phones' widths; a picture of each. */
async function shots(page: Page, name: string) {
  for (const width of [1440, 375, 320]) {
    await page.setViewportSize({ width, height: width > 400 ? 1000 : 780 });
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client!);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Minor units from a shown amount ("1 000 ₽", "$19.83", "19,83 $"). */
function minor(text: string | null): number {
  const digits = (text ?? '').replace(/[^\d.,]/g, '');
  const decimals = /[.,](\d{2})$/.exec(digits);
  const whole = (decimals ? digits.slice(0, -3) : digits).replace(/[.,]/g, '');
  return Number(whole) * 100 + (decimals ? Number(decimals[1]) : 0);
}

for (const lang of ['ru', 'de'] as const) {
  test(`sign up, top up, order from the cabinet, follow it, cancel another (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const stamp = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

    // sign up: the cabinet opens
    await page.goto(`${w.prefix}/signup/`);
    await hydrated(page);
    await page.getByLabel(w.email).fill(`${stamp}@example.com`);
    await page.getByLabel(w.login, { exact: true }).fill(stamp);
    await page.getByLabel(w.password, { exact: true }).fill('correct horse battery');
    await page.getByLabel(w.repeat).fill('correct horse battery');
    await page.getByRole('button', { name: w.signup }).click();
    await expect(page).toHaveURL(new RegExp(`${w.prefix}/cp/$`));
    await hydrated(page);
    const balance = page.getByTestId('cp-balance');
    expect(minor(await balance.textContent())).toBe(0);

    // top up in the sandbox from /cp/payment/
    await page.goto(`${w.prefix}/cp/payment/`);
    await hydrated(page);
    await shots(page, `cp-payment-${lang}`);
    const deposit = page.getByTestId('deposit-form');
    // a Russian sign-up pays in roubles, the others in dollars (docs/product.md §13 default currency)
    const rub = (await deposit.getByText(w.amount).textContent())?.includes('RUB');
    const topUp = rub ? 100_000 : 2_000;
    await deposit.getByLabel(w.amount).fill(String(topUp / 100));
    await deposit.locator('[data-method]').first().click();
    const box = deposit.getByRole('checkbox');
    if (await box.count()) await box.check();
    await deposit.getByRole('button', { name: w.topUp }).click();
    await page.getByRole('button', { name: w.sandboxPay, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.toppedUp);
    await hydrated(page);
    // the thanks page of a top-up leads to a new order
    await page.getByRole('link', { name: w.newOrder }).click();
    await expect(page).toHaveURL(new RegExp(`${w.prefix}/cp/$`));
    expect(minor(await balance.textContent())).toBe(topUp);

    // order from /cp/: the balance is chosen first
    const orderOnce = async () => {
      await page.goto(`${w.prefix}/cp/`);
      await hydrated(page);
      const form = page.getByTestId('order-form');
      await form.getByLabel(w.link).fill(IG_POST);
      await form.getByRole('button', { name: '100', exact: true }).click();
      await expect(form.getByTestId('order-cost')).toHaveText(/\d/);
      const cost = minor(await form.getByTestId('order-cost').textContent());
      await expect(form.locator('[data-method="balance"] input')).toBeChecked();
      await form.locator('button[type="submit"]').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.thanks);
      await hydrated(page);
      return cost;
    };
    const first = await orderOnce();

    // /cp/orders/: it runs and completes while the page stays
    await page.goto(`${w.prefix}/cp/orders/`);
    await hydrated(page);
    expect(minor(await balance.textContent())).toBe(topUp - first);
    const cards = page.getByTestId('order-card');
    await expect(cards).toHaveCount(1);
    await page.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
    });
    const status = cards.first().locator('header [data-testid="order-status"]');
    await expect(status).toHaveText(w.completed, { timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

    // the dashboard: the form, the balance, the level and the order that completed
    await page.goto(`${w.prefix}/cp/`);
    await hydrated(page);
    await expect(page.getByTestId('recent-orders').getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-cost')).toHaveText(/\d/);
    await expect(page.getByTestId('facts-average')).not.toBeEmpty();
    await shots(page, `cp-dashboard-${lang}`);

    // a second order, canceled before it starts: its cost comes back
    const second = await orderOnce();
    await page.goto(`${w.prefix}/cp/orders/`);
    await hydrated(page);
    expect(minor(await balance.textContent())).toBe(topUp - first - second);
    await expect(cards).toHaveCount(2);
    const latest = cards.first();
    await latest.getByRole('button', { name: w.cancel }).click();
    await latest.getByRole('button', { name: w.cancelYes }).click();
    await expect(latest.locator('header [data-testid="order-status"]')).toHaveText(w.canceled);
    await expect(latest.getByTestId('order-refunded')).toBeVisible();
    await expect(balance).toHaveText(/\d/);
    await expect.poll(async () => minor(await balance.textContent())).toBe(topUp - first);
    await page.screenshot({ path: `${SHOTS}/journey-orders-${lang}.png`, fullPage: true });

    // the payment history: the top-up, both payments and the refund, with their totals
    await page.goto(`${w.prefix}/cp/payment/history/`);
    await hydrated(page);
    const total = (group: string) =>
      page.getByTestId('history-totals').locator(`[data-group="${group}"] strong`);
    await expect(total('balance_top_up')).toHaveText(/\d/);
    expect(minor(await total('balance_top_up').textContent())).toBe(topUp);
    expect(minor(await total('order_payment').textContent())).toBe(first + second);
    expect(minor(await total('refund').textContent())).toBe(second);
    const rows = page.getByTestId('history-rows').locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toHaveAttribute('data-group', 'refund');
    await expect(rows.nth(3)).toHaveAttribute('data-group', 'balance_top_up');
    await page.screenshot({ path: `${SHOTS}/journey-history-${lang}.png`, fullPage: true });
  });
}
