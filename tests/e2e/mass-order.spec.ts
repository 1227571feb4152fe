import { expect, test } from '@playwright/test';
import { hydrated, shoot, signUp } from './support.ts';

/**
 * The mass order in the browser: a customer with a balance opens the cabinet's mass order, types
 * five lines with one bad, sees that line named (nothing charged), fixes it, places all five
 * and sees the orders' numbers, which lead to the orders list. Screenshots in English and
 * Russian at 1440, 375 and 320 px.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** "€97.54" → 97.54 */
const euros = (text: string | null) =>
  Number((/\d[\d,]*(\.\d+)?/.exec(text ?? '')?.[0] ?? '').replaceAll(',', ''));

test('a mass order: one bad line named, fixed, five orders placed from the balance', async ({
  page,
  baseURL,
}) => {
  await signUp(page, { login: `mass${stamp}`, lang: 'en', cur: 'EUR' });
  // 120 € through the sandbox
  const deposit = await page.request.post('/api/deposit', {
    headers: { Origin: baseURL! },
    data: { amount: 12_000, method: 7, agreement: true },
  });
  expect(deposit.status()).toBe(201);
  const { redirect } = ((await deposit.json()) as { data: { redirect: string } }).data;
  await page.goto(new URL(redirect).pathname);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(/\/thanks\/\?payment=\w{20}$/);

  // the cabinet's navigation leads to the screen
  await page.goto('/en/cp/');
  await hydrated(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Mass order' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/mass\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mass order');
  await hydrated(page);
  await expect(page.getByTestId('mass-balance')).toHaveText('€120');

  // the numbers a line may name, as the screen lists them
  const services = page.getByTestId('mass-services');
  await services.getByText('Service numbers and rates').click();
  const row = (name: string) =>
    services.locator('tr', { has: page.getByText(name, { exact: true }) });
  const likes = (await row('Instagram likes').locator('code').textContent())!.trim();
  const followers = (await row('Instagram followers').locator('code').textContent())!.trim();
  expect(likes).toMatch(/^\d+$/);

  const lines = [
    `${likes} | https://www.instagram.com/p/C8xYz12Ab01/ | 100`,
    `${likes}|https://www.instagram.com/p/C8xYz12Ab02/|500`,
    `${followers} | https://www.instagram.com/some.account/ | 200`,
    `99999 | https://www.instagram.com/p/C8xYz12Ab03/ | 100`,
    `${likes} | https://www.instagram.com/p/C8xYz12Ab04/ | 1000`,
  ];
  const box = page.getByTestId('mass-text');
  await box.fill(lines.join('\n'));
  await expect(page.getByTestId('mass-count')).toHaveText('5 orders of 100');
  await page.getByRole('button', { name: 'Place 5 orders' }).click();
  const errors = page.getByTestId('mass-errors');
  await expect(errors).toContainText(
    'Nothing was placed or charged. Fix this line and send again:',
  );
  await expect(errors.getByRole('listitem')).toHaveCount(1);
  await expect(errors.getByRole('listitem')).toContainText(
    'Line 4 There is no service with this number: take one from the list below.',
  );
  await expect(errors.getByRole('listitem')).toContainText(lines[3]!);
  await expect(page.getByTestId('mass-balance')).toHaveText('€120');
  await shoot(page, 'cp-mass-errors-en');

  // fixed: line 4 names Instagram likes
  lines[3] = `${likes} | https://www.instagram.com/p/C8xYz12Ab03/ | 100`;
  await box.fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Place 5 orders' }).click();
  const placed = page.getByTestId('mass-placed');
  await expect(placed).toContainText(/^5 orders placed for €[\d.]+, paid from your balance\./);
  await expect(errors).toHaveCount(0);
  const numbers = placed.getByRole('link', { name: /^No\. \d+$/ });
  await expect(numbers).toHaveCount(5);
  const total = euros((await placed.locator('p').first().textContent())!.split(' for ')[1]!);
  expect(total).toBeGreaterThan(0);
  // the balance (the screen's and the header's) dropped by the total
  await expect
    .poll(async () => euros(await page.getByTestId('mass-balance').textContent()))
    .toBeCloseTo(120 - total, 2);
  await expect
    .poll(async () => euros(await page.getByTestId('cp-balance').textContent()))
    .toBeCloseTo(120 - total, 2);
  await shoot(page, 'cp-mass-placed-en');

  // an order's number leads to it in the orders list
  const first = (await numbers.first().textContent())!.replace('No. ', '');
  await numbers.first().click();
  await expect(page).toHaveURL(new RegExp(`/en/cp/orders/\\?q=%23${first}$`));
  await hydrated(page);
  await expect(page.getByText(`No. ${first}`).first()).toBeVisible();

  // the Russian screen, with a refused line
  await page.goto('/cp/mass/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Массовый заказ');
  await page.getByTestId('mass-text').fill(`${lines[0]}\n\nabc | x | 100`);
  await expect(page.getByTestId('mass-count')).toHaveText('2 заказа из 100');
  await page.getByRole('button', { name: 'Оформить 2 заказа' }).click();
  await expect(page.getByTestId('mass-errors')).toContainText(
    'Строка 3 Услуги с таким номером нет',
  );
  await page.getByTestId('mass-services').getByText('Номера услуг и цены').click();
  await shoot(page, 'cp-mass-errors-ru');
});
