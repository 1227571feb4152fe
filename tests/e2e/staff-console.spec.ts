import { execFileSync } from 'node:child_process';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_DATABASE } from '../../playwright.config.ts';
import { signUp } from './support.ts';

/**
 * The staff console in a browser (issue 33): a guest and a customer get the site's 404 for its
 * pages and 403 for its calls; an admin enrols two-factor sign-in (the QR code, the recovery
 * codes once), signs in again with a code once the staff cookie is gone, finds an order by its
 * link, cancels and refunds it, adjusts a user's balance with a reason, and finds both in the
 * audit log. Screenshots at 1440 and 768 px, in English and Russian.
 *
 * The admin signs up and is made an admin as an operator does it: `npm run staff` on the e2e
 * server's database (a SQLite file per run, playwright.config.ts).
 */
const ADMIN_EMAIL = 'e2e-admin@example.com';
const PASSWORD = 'correct horse battery';
const WIDTHS = [1440, 768] as const;

/** The page has hydrated (tests/e2e/support.ts `hydrated`, with room for a busy machine). */
const hydrated = (page: Page) =>
  expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A code of a later 30 s step than `used` (a step's code opens one session only). */
async function freshCode(secret: string, used: string): Promise<string> {
  for (;;) {
    const code = totp(secret).generate();
    if (code !== used) return code;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Screenshots of the console at 1440 and 768; the page itself never scrolls sideways. */
async function shootConsole(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width}px (${name})`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `screenshots/staff-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-testid^="staff-"]')).toHaveCount(0);
}

test('a guest and a customer get 404 for staff pages and 403 for staff calls', async ({ page }) => {
  for (const who of ['guest', 'customer'] as const) {
    if (who === 'customer')
      await signUp(page, { login: `nostaff${Date.now().toString(36)}`, lang: 'en', cur: 'USD' });
    await expectNotFound(page, '/staff/');
    await expectNotFound(page, '/staff/orders/');
    await expectNotFound(page, '/en/staff/orders/');
    const call = await page.request.get('/api/staff/orders');
    expect(call.status(), who).toBe(403);
  }
});

/**
 * A customer with money on the balance, and how they place an order from it (placed just
 * before the search: the simulator starts an order 15 s after it is paid).
 */
async function customerWithMoney(context: BrowserContext, baseURL: string) {
  const page = await context.newPage();
  const login = `buyer${Date.now().toString(36)}`;
  await signUp(page, { login, lang: 'en', cur: 'USD' });
  await page.goto('/en/cp/payment/');
  await hydrated(page);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel('Amount, USD').fill('20');
  await deposit.getByText('Bank card', { exact: true }).click();
  await deposit.getByLabel('I accept the public agreement and the refund policy').check();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
  const order = async (link: string) => {
    const res = await page.request.post('/api/c_orders/main', {
      headers: { Origin: baseURL },
      data: { method: -1, tag: 'INSTAGRAM_FOLLOWERS', link, quantity: 100 },
    });
    expect(res.status()).toBe(201);
  };
  return { login, email: `${login}@example.com`, order };
}

test('an admin enrols, signs in with a code, refunds an order, adjusts a balance, reads the audit log', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // the admin: signed up (or in, on a second run against the same server)
  const registered = await page.request.post('/api/register', {
    data: {
      email: ADMIN_EMAIL,
      login: 'e2eadmin',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      lang: 'en',
      cur: 'USD',
    },
  });
  if (registered.status() !== 201)
    expect(
      (
        await page.request.post('/api/login/local', {
          data: { login: ADMIN_EMAIL, password: PASSWORD },
        })
      ).status(),
    ).toBe(200);
  // made an admin as an operator does: npm run staff on the server's database
  execFileSync(
    process.execPath,
    [
      'scripts/create-staff.ts',
      ...['--email', ADMIN_EMAIL, '--login', 'e2eadmin', '--password', PASSWORD],
      ...['--role', 'ROLE_ADMIN'],
    ],
    {
      env: {
        ...process.env,
        DATABASE_FILE: E2E_DATABASE,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const me = await page.request.get('/api/staff/me');
  expect(me.status()).toBe(200);

  // a customer with money, in a browser of its own
  const buyerContext = await browser.newContext();
  const buyer = await customerWithMoney(buyerContext, baseURL!);

  // enrolment: the QR code and the secret, a code, the recovery codes once
  await page.goto('/en/staff/');
  await hydrated(page);
  await expect(page.getByTestId('staff-enrol')).toBeVisible();
  await expect(page.getByTestId('staff-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('staff-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shootConsole(page, 'enrol-en');
  const first = totp(secret).generate();
  await page.getByLabel('6-digit code from the app').fill(first);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('staff-recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await shootConsole(page, 'recovery-codes-en');
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByTestId('staff-sections')).toBeVisible();
  await expect(page.getByTestId('staff-who')).toContainText('Administrator');
  // shown once: never again
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('staff-sections')).toBeVisible();
  await expect(page.getByTestId('staff-recovery-codes')).toHaveCount(0);

  // the staff cookie gone: the code screen, then a code opens the console again
  await context.clearCookies({ name: 'staff' });
  await page.goto('/en/staff/orders/');
  await hydrated(page);
  await expect(page.getByTestId('staff-code')).toBeVisible();
  await shootConsole(page, 'code-en');
  await page.getByLabel('Code or recovery code').fill(await freshCode(secret, first));
  await page.getByRole('button', { name: 'Open the console' }).click();

  // the customer's order, found by its link
  await expect(page.getByTestId('staff-orders-table')).toBeVisible();
  const link = `https://www.instagram.com/staff${Date.now().toString(36)}/`;
  await buyer.order(link);
  await buyerContext.close();
  await page.getByLabel('Search').fill(link);
  await page.getByRole('button', { name: 'Find' }).click();
  const table = page.getByTestId('staff-orders-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(buyer.login);
  await table.getByRole('link', { name: /^#\d+$/ }).click();
  const order = page.getByTestId('staff-order');
  await expect(order).toContainText(link);
  const orderId = /\/staff\/orders\/(\d+)\//.exec(page.url())![1]!;

  // cancel and refund, confirmed first
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByText('The order was canceled and refunded.')).toBeVisible();
  await expect(order).toContainText('CANCELED');
  await shootConsole(page, 'order-en');
  await page.goBack();
  await expect(page.getByTestId('staff-orders-table')).toContainText('CANCELED');
  await shootConsole(page, 'orders-en');
  await page.goForward();

  // the buyer's balance: +5 with a reason
  await order.getByRole('link', { name: new RegExp(buyer.login) }).click();
  const user = page.getByTestId('staff-user');
  await expect(user).toContainText(buyer.email);
  const before = (await page.getByTestId('staff-user-balance').textContent())!;
  await page.getByLabel(/^Amount, USD/).fill('5');
  await page.getByLabel(/^Reason/).fill('Goodwill for a canceled order');
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(page.getByText('The balance was adjusted.')).toBeVisible();
  await expect(page.getByTestId('staff-user-balance')).not.toHaveText(before);
  await expect(page.getByTestId('staff-ledger')).toContainText('Goodwill for a canceled order');
  await shootConsole(page, 'user-en');

  // both in the audit log
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  const audit = page.getByTestId('staff-audit-table');
  await expect(audit).toContainText('order.cancel');
  await expect(audit).toContainText(`order:${orderId}`);
  await expect(audit).toContainText('user.balance');
  await expect(audit).toContainText('e2eadmin');
  await shootConsole(page, 'audit-en');

  // in Russian
  for (const [path, name] of [
    ['/staff/orders/', 'orders-ru'],
    [`/staff/orders/${orderId}/`, 'order-ru'],
    ['/staff/audit/', 'audit-ru'],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByText('Вернуться на сайт')).toBeVisible();
    await expect(page.locator('main table').first()).toBeVisible();
    await shootConsole(page, name);
  }
});
