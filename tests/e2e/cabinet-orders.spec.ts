import { expect, type Page, test } from '@playwright/test';
import { answerSandbox, hydrated, signUp } from './support.ts';

/**
 * /cp/orders/: a customer tops up in the sandbox, orders from the balance, sees the
 * orders, filters them through the page (the URL follows, the back button restores, the last
 * filter comes back), cancels one and sees the refund, and watches a running order reach
 * Completed without a reload (the worker's own rounds and the simulator's default timing).
 * In German and Russian, with screenshots at 1440, 375 and 320 px.
 */
const SHOTS = 'screenshots';
const IG_POST = 'https://www.instagram.com/p/C8xYz12AbCd/';
const IG_POST_2 = 'https://www.instagram.com/p/C9zYx87WvUt/';

/** Nothing wider than the window (tables and strips scroll inside their own box). */
async function fitsWidth(page: Page) {
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

async function shots(page: Page, name: string) {
  for (const width of [1440, 375, 320]) {
    await page.setViewportSize({ width, height: width > 400 ? 1000 : 780 });
    await fitsWidth(page);
    await page.screenshot({ path: `${SHOTS}/cp-orders-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}

test('a customer follows, filters, cancels and watches orders in the cabinet', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const login = `orders${Date.now().toString(36)}`;
  await signUp(page, { login, lang: 'en', cur: 'USD' });

  // money on the balance through the sandbox
  await page.goto('/en/cp/payment/');
  await hydrated(page);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel('Amount, USD').fill('50');
  await deposit.getByText('Bank card', { exact: true }).click();
  await deposit.getByLabel('I accept the Terms of Service and the Refund Policy').check();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await answerSandbox(page);
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);

  // orders paid from the balance, through the API with the page's cookie
  const order = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/c_orders/main', {
      headers: { Origin: baseURL! },
      data: { method: -1, ...data },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).data.order as { id: string; cost: number };
  };
  const running = await order({ tag: 'INSTAGRAM_LIKES', link: IG_POST, quantity: 100 });
  const toCancel = await order({
    tag: 'INSTAGRAM_FOLLOWERS',
    link: 'https://www.instagram.com/nasa/',
    quantity: 100,
  });
  const tiktok = await order({
    tag: 'TIKTOK_LIKES',
    link: 'https://www.tiktok.com/@khaby.lame/video/7234567890123456789',
    quantity: 100,
  });
  const multi = await order({
    tag: 'INSTAGRAM_LIKES_MULTI',
    link: `${IG_POST}\n${IG_POST_2}`,
    quantity: 100,
  });

  await page.goto('/de/cp/orders/');
  await hydrated(page);
  // from here on the page is never reloaded: what changes, changes in place
  await page.evaluate(() => {
    (window as unknown as { kept: boolean }).kept = true;
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bestellungen');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(4);
  const card = (id: string) => page.locator(`[data-order="${id}"]`);
  const statusOf = (id: string) => card(id).locator('header [data-testid="order-status"]');
  await expect(statusOf(running.id)).toHaveText(/^(Bezahlt|Läuft)$/);
  await expect(card(multi.id)).toContainText('2 Links');

  // cancel: a confirm step, then the refund on the card and in the header
  const balance = page.getByTestId('cp-balance');
  const before = await balance.textContent();
  await card(toCancel.id).getByRole('button', { name: 'Bestellung stornieren' }).click();
  await expect(card(toCancel.id)).toContainText('Was noch nicht geliefert wurde');
  await card(toCancel.id).getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(statusOf(toCancel.id)).toHaveText('Storniert');
  await expect(card(toCancel.id).getByTestId('order-refunded')).toContainText(
    'zurück aufs Guthaben',
  );
  await expect(
    card(toCancel.id).getByRole('button', { name: 'Bestellung stornieren' }),
  ).toHaveCount(0);
  await expect(balance).not.toHaveText(before!);

  // on a 320 px phone each date field has the room for a whole date and its calendar button
  const filters = page.getByTestId('orders-filters');
  await page.setViewportSize({ width: 320, height: 780 });
  await filters.getByRole('button', { name: /^Weitere Filter/ }).click();
  for (const name of ['Ab Datum', 'Bis Datum']) {
    const width = (await filters.getByLabel(name).boundingBox())!.width;
    expect(width, name).toBeGreaterThanOrEqual(150);
  }
  await fitsWidth(page);
  await page.screenshot({ path: `${SHOTS}/cp-orders-filters-de-320.png`, fullPage: true });
  await filters.getByRole('button', { name: /^Weitere Filter/ }).click();
  await page.setViewportSize({ width: 1440, height: 1000 });

  // filters live in the URL; the back button brings the last one back
  await filters.getByRole('button', { name: 'TikTok' }).click();
  await expect(page).toHaveURL(/\/de\/cp\/orders\/\?platform=tiktok$/);
  await expect(cards).toHaveCount(1);
  await expect(card(tiktok.id)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/de\/cp\/orders\/$/);
  await expect(cards).toHaveCount(4);
  await filters.getByLabel('Status', { exact: true }).selectOption({ label: 'Storniert' });
  await expect(page).toHaveURL(/\?status=CANCELED$/);
  await expect(cards).toHaveCount(1);
  await filters.getByLabel('Link oder Bestellnummer').fill('C9zYx87');
  await expect(page).toHaveURL(/\?status=CANCELED&q=C9zYx87$/);
  await expect(page.getByTestId('orders-empty')).toContainText(
    'Keine Bestellung passt zu diesen Filtern.',
  );
  await page.goBack();
  await expect(page).toHaveURL(/\?status=CANCELED$/);
  await expect(cards).toHaveCount(1);
  await expect(filters.getByLabel('Link oder Bestellnummer')).toHaveValue('');
  await filters.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/de\/cp\/orders\/$/);

  // the running order reaches Completed on this page, without a reload
  await expect(statusOf(running.id)).toHaveText('Abgeschlossen', { timeout: 120_000 });
  await expect(card(running.id)).toContainText('100 von 100 geliefert');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

  // the saved filter: opened again without a query, the page shows the last one
  await filters.getByRole('button', { name: 'TikTok' }).click();
  await expect(cards).toHaveCount(1);
  await page.goto('/de/cp/orders/');
  await hydrated(page);
  await expect(page).toHaveURL(/\?platform=tiktok$/);
  await expect(cards).toHaveCount(1);
  await filters.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(cards).toHaveCount(4);

  await expect(card(multi.id).getByTestId('order-row').first()).toBeHidden();
  await card(multi.id).getByRole('button', { name: '2 Links anzeigen' }).click();
  await expect(card(multi.id).getByTestId('order-row')).toHaveCount(2);
  await shots(page, 'de');

  // the same list in Russian
  await page.goto('/cp/orders/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказы');
  await expect(statusOf(toCancel.id)).toHaveText('Отменён');
  await expect(statusOf(running.id)).toHaveText('Выполнен');
  await expect(page.getByText('4 заказа')).toBeVisible();
  await filters.getByRole('button', { name: 'Telegram' }).click();
  await expect(page.getByTestId('orders-empty')).toContainText('Под эти фильтры');
  await filters.getByRole('button', { name: 'Сбросить' }).click();
  await expect(cards).toHaveCount(4);
  await shots(page, 'ru');
});

test('a customer without orders is sent to the order form', async ({ page }) => {
  const login = `empty${Date.now().toString(36)}`;
  await signUp(page, { login, lang: 'ru', cur: 'RUB' });
  await page.goto('/de/cp/orders/');
  await hydrated(page);
  const empty = page.getByTestId('orders-empty');
  await expect(empty).toContainText('Sie haben noch keine Bestellungen.');
  await expect(empty.getByRole('link', { name: 'Jetzt bestellen' })).toHaveAttribute(
    'href',
    '/de/cp/',
  );
  await page.setViewportSize({ width: 320, height: 700 });
  await fitsWidth(page);
  await page.screenshot({ path: `${SHOTS}/cp-orders-empty-de-320.png`, fullPage: true });
});
