import { expect, type Page, test } from '@playwright/test';
import { answerSandbox, hydrated, mailTo, signUp } from './support.ts';

/**
 * Orders and payments end to end: a guest pays in the sandbox gateway and lands on
 * the thanks page; another declines and sees the failure; a pending payment keeps the waiting
 * page; a logged-in user tops up and pays from the balance.
 */
const SHOTS = 'screenshots';

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillGuestOrder(page: Page, email = 'guest@example.com') {
  await page.goto('/en/buy-instagram-likes/');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form.getByLabel('Link to the post').fill('https://www.instagram.com/p/C8xYz12AbCd/');
  await expect(form.getByTestId('order-cost')).toHaveText('$6.99');
  await form.getByLabel('E-mail for the receipt').fill(email);
  await form.getByRole('button', { name: 'Choose a payment method' }).click();
  await form.locator('[data-method="card_world"]').click();
  await form.getByLabel('I accept the Terms of Service and the Refund Policy').check();
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_[\w-]+\/$/);
  await expect(page.getByText('6.99 USD')).toBeVisible();
}

test('a guest pays in the sandbox and is thanked for the order', async ({ page }) => {
  await fillGuestOrder(page);
  // the checkout fits a phone: nothing wider than the window at 375 and 320 px
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 700 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/sandbox-checkout-en-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await answerSandbox(page);
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for your order');
  await expect(page.getByTestId('order-summary')).toContainText('1,000 × Instagram likes');
  await expect(page.getByTestId('order-summary')).toContainText('$6.99');
  await page.screenshot({ path: `${SHOTS}/thanks-success-en.png` });
  // on a 320 px phone each value has the card's width, not a sliver beside its term
  await page.setViewportSize({ width: 320, height: 640 });
  const summary = page.getByTestId('order-summary');
  const width = (await summary.boundingBox())!.width;
  for (const value of await summary.locator('dd').all())
    expect((await value.boundingBox())!.width).toBeGreaterThan(width * 0.8);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/thanks-success-en-320.png`, fullPage: true });
});

test('a guest’s thanks page follows the order to its end without a reload', async ({ page }) => {
  test.setTimeout(150_000);
  await fillGuestOrder(page);
  await answerSandbox(page);
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { kept: boolean }).kept = true;
  });
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText(/^(Paid, starting soon|In progress)/);
  // the simulator starts 15 s after the order and delivers in steps; the page asks on its own
  await expect(status).toHaveText(/^Completed/, { timeout: 120_000 });
  await expect(status.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(status).toContainText('1,000 of 1,000 delivered');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});

test('a guest follows the order from the receipt mail and keeps it in a new account', async ({
  page,
}) => {
  const email = `guest.${stamp}@example.com`;
  await fillGuestOrder(page, email);
  await answerSandbox(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for your order');

  const link = /https?:\/\/\S+\/en\/thanks\/\?order=\w{20}/.exec(await mailTo(email))![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await hydrated(page);
  // paid, and on its way: the e2e worker sends it to the simulator within a second
  await expect(page.getByTestId('order-status')).toHaveText(/^(Paid, starting soon|In progress)/);
  await page
    .getByRole('link', { name: 'Create an account to follow all your orders in one place' })
    .click();
  await expect(page).toHaveURL(/\/en\/signup\/\?redirect=/);
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Login', { exact: true }).fill(`guest${stamp}`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Repeat the password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/thanks\/\?order=\w{20}$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Save this order to my account' }).click();
  await expect(page.getByText('The order is in your account now.')).toBeVisible();
});

test('a declined card shows the failure page', async ({ page }) => {
  await fillGuestOrder(page);
  await answerSandbox(page, 'Decline');
  await expect(page).toHaveURL(/\/en\/thanks\/error\/\?payment=\w{20}$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(
    page.getByText('We have received a payment error from your bank. Try another card.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/thanks-error-en.png` });
  // "Try again" leads back to the service the guest was ordering
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/en\/buy-instagram-likes\/$/);
  await hydrated(page);
  await expect(page.getByTestId('order-form')).toBeVisible();
});

test('a pending payment keeps the waiting page', async ({ page }) => {
  await fillGuestOrder(page);
  await answerSandbox(page, 'Leave pending');
  await expect(page).toHaveURL(/\/en\/thanks\/waiting\/\?payment=\w{20}$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checking your payment');
  // it says what happens next: the order starts once the bank confirms, the receipt follows
  await expect(page.getByText(/As soon as the bank confirms, this page moves on/)).toBeVisible();
  // it keeps asking and stays while the bank has not answered
  const asked = page.waitForResponse((response) => /\/api\/payment\/\w{20}$/.test(response.url()));
  await asked;
  await expect(page).toHaveURL(/\/thanks\/waiting\//);
  await page.screenshot({ path: `${SHOTS}/thanks-waiting-en.png` });
});

test('a user tops up the balance and pays an order from it', async ({ page }) => {
  const login = `payer${Date.now()}`;
  await signUp(page, { login, lang: 'en', cur: 'USD' });

  await page.goto('/en/cp/payment/');
  await hydrated(page);
  const deposit = page.getByTestId('deposit-form');
  await expect(deposit).toContainText('Your balance: $0');
  await deposit.getByLabel('Amount, USD').fill('20');
  await deposit.getByText('Bank card', { exact: true }).click();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await expect(deposit.getByText('Must check the box')).toBeVisible();
  await deposit.getByLabel('I accept the Terms of Service and the Refund Policy').check();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByText('20.00 USD')).toBeVisible();
  await answerSandbox(page);
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
  // a top-up is thanked as one, with the amount that reached the balance
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your balance is topped up');
  await expect(page.getByText('$20 is on your balance now.')).toBeVisible();

  await page.goto('/en/cp/payment/');
  await expect(page.getByTestId('deposit-form')).toContainText('Your balance: $20');

  // a logged-in user reaches the storefront from the cabinet with fromCp=true
  await page.goto('/en/buy-instagram-likes/?fromCp=true');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form.getByLabel('Link to the post').fill('https://www.instagram.com/p/C8xYz12AbCd/');
  await expect(form.getByTestId('order-cost')).toHaveText('$6.99');
  await form.getByRole('button', { name: 'Choose a payment method' }).click();
  await form.locator('[data-method="balance"]').click();
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/thanks\/\?order=\w{20}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for your order');
  await expect(page.getByTestId('order-summary')).toContainText('1,000 × Instagram likes');

  await page.goto('/en/cp/payment/');
  await expect(page.getByTestId('deposit-form')).toContainText('Your balance: $13.01');
});
