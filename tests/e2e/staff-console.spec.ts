import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { E2E_SCRIPT_ENV, enrolThroughApi, makeStaff, register, totp } from './staff-support.ts';
import { answerSandbox, signUp } from './support.ts';

/**
 * The staff console in a browser: a guest and a customer get the site's 404 for its
 * pages and 403 for its calls; an admin enrols two-factor sign-in (the QR code, the recovery
 * codes once), signs in again with a code once the staff cookie is gone, finds an order by its
 * link (waiting while its provider is down), resends it once the provider is back, cancels
 * and refunds it, adjusts a user's balance with a reason, and finds all three in the audit
 * log. Screenshots at 1440 and 768 px, in English and Russian.
 *
 * A second admin runs the shop's other sections: the dashboard, a service's provider mapping,
 * an import from the built-in simulator, a price, a customer's withdrawal request, a payment's
 * gateway events and an article published; a moderator's price change through the API is
 * refused with 403 and changes nothing; every action is in the audit log with before and after.
 *
 * The admin signs up and is made an admin as an operator does it: `npm run staff` on the e2e
 * server's database (a SQLite file per run, playwright.config.ts).
 */
const WIDTHS = [1440, 768] as const;

/** The page has hydrated (tests/e2e/support.ts `hydrated`, with room for a busy machine). */
const hydrated = (page: Page) =>
  expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });

/** A loopback port nothing listens on (a provider that is down). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A code of a later 30 s step than `used` (a step's code opens one session only). Time is the
 * point here: the next step's code is good only once its step has come, so this waits for it.
 */
async function freshCode(secret: string, used: string): Promise<string> {
  for (;;) {
    const code = totp(secret).generate();
    if (code !== used) return code;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Screenshots of the console at 1440 and 768; the page itself never scrolls sideways. */
async function shootConsole(page: Page, name: string) {
  // what the screen asks has come (a screen asks once staff/me says it may)
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
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

/**
 * The orders list as a person sees it (docs/architecture.md "The staff console"): at 1440 the
 * console's bar is one row with every section in view, and the table fits its box; at 768 the
 * table scrolls sideways in its own box and its first column (the order's number) stays in view.
 */
async function expectOrdersLayout(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const wide = await page.evaluate(() => {
    const bar = document.querySelector('main')!.previousElementSibling as HTMLElement;
    const parts = [...bar.children].map((part) => part.getBoundingClientRect());
    const nav = bar.querySelector('nav')!;
    const box = document.querySelector('[data-testid="staff-orders-table"]')!.parentElement!;
    return {
      height: bar.getBoundingClientRect().height,
      // one row: every part of the bar shares a band of height
      sharedBand:
        Math.min(...parts.map((part) => part.bottom)) - Math.max(...parts.map((part) => part.top)),
      parts: parts.length,
      navOverflow: nav.scrollWidth - nav.clientWidth,
      boxOverflow: box.scrollWidth - box.clientWidth,
    };
  });
  expect(wide.parts, `the bar's parts (${name})`).toBe(3);
  expect(wide.sharedBand, `the bar is one row at 1440 (${name})`).toBeGreaterThan(0);
  expect(wide.height, `the bar's height at 1440 (${name})`).toBeLessThanOrEqual(64);
  expect(wide.navOverflow, `every section in view at 1440 (${name})`).toBeLessThanOrEqual(0);
  expect(wide.boxOverflow, `the orders table fits at 1440 (${name})`).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 768, height: 900 });
  const box = page.getByTestId('staff-orders-table').locator('xpath=..');
  const narrow = await box.evaluate((element) => {
    const overflow = element.scrollWidth - element.clientWidth;
    element.scrollLeft = element.scrollWidth;
    const cell = element.querySelector('tbody td')!.getBoundingClientRect();
    return {
      overflow,
      scrolled: element.scrollLeft,
      offset: cell.left - element.getBoundingClientRect().left,
    };
  });
  expect(narrow.overflow, `the orders table scrolls in its box at 768 (${name})`).toBeGreaterThan(
    0,
  );
  expect(narrow.scrolled).toBeGreaterThan(0);
  expect(Math.abs(narrow.offset), `the order's number stays at 768 (${name})`).toBeLessThanOrEqual(
    2,
  );
  await expect(
    page.getByTestId('staff-orders-table').locator('tbody tr').first().getByRole('link').first(),
  ).toBeInViewport();
  await box.evaluate((element) => {
    element.scrollLeft = 0;
  });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Answers the console's own confirmation (a modal dialog, not the browser's) with Confirm. */
async function confirmIn(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toHaveCount(0);
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
  await deposit.getByLabel('I accept the Terms of Service and the Refund Policy').check();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await answerSandbox(page);
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

test('an admin enrols, signs in with a code, resends and refunds an order, adjusts a balance, reads the audit log', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // the admin: signed up, then made an admin as an operator does (npm run staff)
  const adminLogin = `e2eadmin${Date.now().toString(36)}`;
  await register(page.request, adminLogin);
  makeStaff(`${adminLogin}@example.com`, adminLogin, 'ROLE_ADMIN');
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
  await expect(page.getByTestId('staff-dashboard')).toBeVisible();
  await expect(page.getByTestId('staff-who')).toContainText('Administrator');
  // shown once: never again
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('staff-dashboard')).toBeVisible();
  await expect(page.getByTestId('staff-recovery-codes')).toHaveCount(0);

  // the staff cookie gone: the code screen, then a code opens the console again
  await context.clearCookies({ name: 'staff' });
  await page.goto('/en/staff/orders/');
  await hydrated(page);
  await expect(page.getByTestId('staff-code')).toBeVisible();
  await shootConsole(page, 'code-en');
  await page.getByLabel('Code or recovery code').fill(await freshCode(secret, first));
  await page.getByRole('button', { name: 'Open the console' }).click();

  // a provider that cannot be reached takes the buyer's service for a while, so the order
  // waits for it (the worker retries later), as when a real panel is down
  await expect(page.getByTestId('staff-orders-table')).toBeVisible();
  const staffCall = async (method: 'post' | 'patch', path: string, data: object) => {
    const res = await page.request[method](`/api/staff/${path}`, {
      headers: { Origin: baseURL! },
      data,
    });
    expect(res.status(), path).toBe(200);
  };
  const mapFollowers = (provider: string, service: string) =>
    staffCall('patch', 'catalogue/services/INSTAGRAM_FOLLOWERS', {
      provider_id: provider,
      provider_service: service,
    });
  await staffCall('post', 'providers', {
    id: 'e2e-down',
    url: `http://127.0.0.1:${await deadPort()}/api/v2`,
    api_key: 'e2e-key',
    currency: 'USD',
  });
  await mapFollowers('e2e-down', '1');

  // the customer's order, found by its link
  const link = `https://www.instagram.com/staff${Date.now().toString(36)}/`;
  try {
    await buyer.order(link);
    // the worker's first try at the provider that is down, noted on the order
    await expect
      .poll(async () => {
        const found = await page.request.get(`/api/staff/orders?q=${encodeURIComponent(link)}`);
        const [row] = (await found.json()).data.items as { id: number }[];
        if (!row) return 0;
        const detail = await page.request.get(`/api/staff/orders/${row.id}`);
        return (await detail.json()).data.provider_calls.length as number;
      })
      .toBeGreaterThan(0);
  } finally {
    await mapFollowers('simulator', 'INSTAGRAM_FOLLOWERS');
    await staffCall('post', 'providers/e2e-down/enabled', { enabled: false });
  }
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
  await expect(page.getByTestId('staff-order-calls')).toContainText('e2e-down');

  // the provider is back: resent, the simulator takes it
  await page.getByRole('button', { name: 'Resend to provider' }).click();
  await expect(page.getByText('The order was sent to the provider again.')).toBeVisible();
  await expect(order).toContainText('Sent again by staff');
  await expect
    .poll(async () => {
      const detail = await page.request.get(`/api/staff/orders/${orderId}`);
      return (await detail.json()).data.provider_order_id as string | null;
    })
    .not.toBeNull();
  await page.reload();
  await hydrated(page);

  // cancel and refund, confirmed first
  await page.getByRole('button', { name: 'Cancel and refund' }).click();
  await confirmIn(page);
  await expect(page.getByText('The order was canceled and refunded.')).toBeVisible();
  await expect(order).toContainText('Canceled');
  await shootConsole(page, 'order-en');
  await page.goBack();
  await expect(page.getByTestId('staff-orders-table')).toContainText('Canceled');
  await shootConsole(page, 'orders-en');
  await expectOrdersLayout(page, 'orders-en');
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
  await expect(audit).toContainText('order.resend');
  await expect(audit).toContainText(`order:${orderId}`);
  await expect(audit).toContainText('user.balance');
  await expect(audit).toContainText(adminLogin);
  await shootConsole(page, 'audit-en');

  // in Russian
  for (const [path, name] of [
    ['/staff/orders/', 'orders-ru'],
    [`/staff/orders/${orderId}/`, 'order-ru'],
    ['/staff/audit/', 'audit-ru'],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Вернуться на сайт' })).toBeVisible();
    await expect(page.locator('main table').first()).toBeVisible();
    await shootConsole(page, name);
    if (name === 'orders-ru') await expectOrdersLayout(page, name);
  }
});

interface AuditRow {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  staff: { login: string; role: string };
}

/** The audit rows of an action (newest first), through the API. */
async function auditOf(request: APIRequestContext, action: string): Promise<AuditRow[]> {
  const response = await request.get(`/api/staff/audit?action=${action}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data.items as AuditRow[];
}

test('an admin imports a service, prices it, decides a withdrawal and publishes an article; a moderator cannot price', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const tag = `E2E_FOLLOWERS_${stamp.toUpperCase()}`;
  const articleKey = `e2e-${stamp}`;

  // the admin, enrolled through the API
  const adminLogin = `e2eboss${stamp}`;
  await register(page.request, adminLogin);
  makeStaff(`${adminLogin}@example.com`, adminLogin, 'ROLE_ADMIN');
  await enrolThroughApi(page.request);

  // a customer: a top-up (a payment with gateway events), affiliate income, a withdrawal request
  const buyerContext = await browser.newContext();
  const buyer = await customerWithMoney(buyerContext, baseURL!);
  execFileSync(
    process.execPath,
    ['tests/support/e2e-affiliate-income.ts', '--email', buyer.email, '--amount', '500'],
    { env: { ...E2E_SCRIPT_ENV } },
  );
  const asked = await buyerContext.request.post('/api/user/withdrawals', {
    data: { amount: '3.00', method: 'paypal', details: buyer.email },
  });
  expect(asked.status()).toBe(201);
  await buyerContext.close();

  // the dashboard: today, the charts, live
  await page.goto('/en/staff/');
  await hydrated(page);
  const dashboard = page.getByTestId('staff-dashboard');
  await expect(dashboard.getByTestId('staff-chart-orders').locator('svg > title')).toContainText(
    'by day over 30 days',
  );
  await expect(page.getByTestId('staff-live')).toHaveText('Live updates on');
  await shootConsole(page, 'dashboard-en');
  const nav = page.getByRole('navigation', { name: 'Console sections' });

  // the catalogue; FAKE_FOLLOWERS bought under FAKE_LIKES at the simulator, so the simulator's
  // FAKE_FOLLOWERS is mapped by nothing and its import diff lists it as new
  await nav.getByRole('link', { name: 'Catalogue' }).click();
  await page.getByLabel('Tag or name').fill('FAKE_');
  await expect(page.getByTestId('staff-services-table').getByRole('row')).toHaveCount(3);
  await shootConsole(page, 'services-en');
  await page.getByRole('link', { name: 'FAKE_FOLLOWERS', exact: true }).first().click();
  const form = page.getByTestId('staff-service-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Service id at the provider', { exact: true }).fill('FAKE_LIKES');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await shootConsole(page, 'service-en');

  // providers: the simulator's connection test, then its import
  await nav.getByRole('link', { name: 'Providers' }).click();
  const simulator = page.locator('[data-provider="simulator"]');
  await simulator.getByRole('button', { name: 'Test' }).click();
  await expect(simulator.locator('[data-ok="true"]')).toBeVisible();
  await expect(page.getByTestId('staff-provider-add').getByLabel('API key')).toHaveAttribute(
    'type',
    'password',
  );
  await shootConsole(page, 'providers-en');
  await simulator.getByRole('link', { name: 'Import services' }).click();
  const added = page.getByTestId('staff-import-added');
  const row = added.locator('[data-service="FAKE_FOLLOWERS"]');
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await row.getByLabel('Tag').fill(tag);
  await row.getByLabel('Platform').fill('instagram');
  await row.getByLabel('Type').selectOption('SUBS');
  await page.getByLabel(/^Markup/).fill('2');
  await shootConsole(page, 'import-en');
  await page.getByRole('button', { name: 'Import 1 service' }).click();
  await confirmIn(page);
  const imported = page.getByTestId('staff-imported');
  await expect(imported).toContainText(tag);

  // its price: 2.50 USD per 1000 on the storefront (the simulator's rate is 1.00)
  await imported.getByRole('link', { name: tag }).click();
  await page.getByRole('link', { name: 'Prices of this service' }).click();
  const main = page.getByTestId('staff-tiers-CLIENT_MAIN-USD');
  await expect(main.getByTestId('staff-tiers-CLIENT_MAIN-USD-markup')).toHaveText('×2');
  await main.getByRole('textbox', { name: 'Per 1000, USD' }).fill('2.5');
  await main.getByRole('button', { name: 'Save prices' }).click();
  await confirmIn(page);
  await expect(page.getByTestId('staff-prices-saved')).toBeVisible();
  await expect(page.getByTestId('staff-tiers-CLIENT_MAIN-USD-markup')).toHaveText('×2.5');
  await shootConsole(page, 'prices-en');

  // a moderator may not change a price: 403, and the price stays
  const moderatorContext = await browser.newContext();
  const moderatorLogin = `e2emod${stamp}`;
  await register(moderatorContext.request, moderatorLogin);
  makeStaff(`${moderatorLogin}@example.com`, moderatorLogin, 'ROLE_MODERATOR');
  await enrolThroughApi(moderatorContext.request);
  const refused = await moderatorContext.request.put(`/api/staff/prices/${tag}`, {
    data: { client: 'CLIENT_MAIN', currency: 'USD', tiers: [{ from: 1, micro: 1 }] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Your role cannot do this');
  await moderatorContext.close();
  const prices = (await (await page.request.get(`/api/staff/prices/${tag}`)).json()).data as {
    sets: { client: string; currency: string; tiers: { micro: number }[] }[];
  };
  const storefront = prices.sets.find(
    (set) => set.client === 'CLIENT_MAIN' && set.currency === 'USD',
  );
  expect(storefront?.tiers.map((tier) => tier.micro)).toEqual([250_000]);

  // the customer's withdrawal request: paid, with a note
  await nav.getByRole('link', { name: 'Withdrawals' }).click();
  const request = page.locator('[data-withdrawal]', { hasText: buyer.login });
  await expect(request).toHaveCount(1);
  await request.getByLabel('Note').fill('PayPal transfer E2E-1');
  await shootConsole(page, 'withdrawals-en');
  await request.getByRole('button', { name: 'Paid' }).click();
  await confirmIn(page);
  await expect(request.locator('[data-status="PAID"]')).toHaveText('Paid');
  await expect(request).toContainText('PayPal transfer E2E-1');

  // payments: the customer's top-up and its gateway events
  await nav.getByRole('link', { name: 'Payments' }).click();
  const payments = page.getByTestId('staff-payments-table');
  await expect(payments).toContainText(buyer.login);
  await shootConsole(page, 'payments-en');
  await payments
    .getByRole('row', { name: new RegExp(buyer.login) })
    .first()
    .getByRole('link', { name: /^#\d+$/ })
    .click();
  await expect(page.getByTestId('staff-payment-events')).toContainText('Succeeded');
  await shootConsole(page, 'payment-en');

  // an article: created in English, previewed by the server, published
  await nav.getByRole('link', { name: 'Articles' }).click();
  await expect(page.getByTestId('staff-articles-table')).toBeVisible();
  const create = page.getByTestId('staff-article-create');
  await create.getByLabel('Key').fill(articleKey);
  await create.getByLabel('Slug (address)').fill(articleKey);
  await create.getByLabel('Title (h1)').fill('A guide from the console');
  await create.getByLabel('Description').fill('Written and published in the staff console.');
  await create
    .getByLabel('Text (Markdown)')
    .fill('## Hello from the console\n\nThe **first** paragraph of the guide.');
  await shootConsole(page, 'articles-en');
  await create.getByRole('button', { name: 'Create (unpublished)' }).click();
  await expect(page.getByTestId('staff-article')).toBeVisible();
  await expect(page.getByTestId('staff-article-preview').locator('h2')).toContainText(
    'Hello from the console',
  );
  await expect(page.getByTestId('staff-article-state')).toHaveText('draft');
  await page.getByTestId('staff-article-publish').click();
  await confirmIn(page);
  await expect(page.getByTestId('staff-article-state')).toHaveText('published');
  await expect
    .poll(async () => (await page.request.get(`/en/blog/${articleKey}/`)).status(), {
      timeout: 15_000,
    })
    .toBe(200);
  await shootConsole(page, 'article-en');

  // the TikTok landing's hero in English, written by staff, on the page at once; then back
  await nav.getByRole('link', { name: 'Landing copy' }).click();
  await page.getByLabel('Language').selectOption('en');
  await page.getByLabel('Key or text').fill('landing.tiktok.title');
  const copy = page.locator('[data-key="landing.tiktok.title"]');
  const shipped = await copy.getByRole('textbox').inputValue();
  await copy.getByRole('textbox').fill('Grow your TikTok today');
  await copy.getByRole('button', { name: 'Save' }).click();
  await expect(copy.getByRole('status')).toHaveText('Saved.');
  await shootConsole(page, 'landing-copy-en');
  const landing = await browser.newPage();
  await landing.goto('/en/tiktok/');
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText('Grow your TikTok today');
  await copy.getByRole('button', { name: 'Use the shipped text' }).click();
  await confirmIn(page);
  await expect(copy.getByRole('textbox')).toHaveValue(shipped);
  await landing.reload();
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText(shipped);
  await landing.close();

  // every action in the audit log, with before and after
  for (const [action, target, before] of [
    ['service.edit', 'service:FAKE_FOLLOWERS', true],
    ['service.import', `service:${tag}`, false],
    ['service.prices', `service:${tag}`, true],
    ['withdrawal.pay', null, true],
    ['article.create', null, false],
    ['article.publish', null, true],
    ['landing.copy', 'landing:en:landing.tiktok.title', true],
  ] as const) {
    const rows = (await auditOf(page.request, action)).filter(
      (row) => row.staff.login === adminLogin && (!target || row.target === target),
    );
    expect(rows.length, action).toBeGreaterThan(0);
    expect(rows[0]!.after, `${action} after`).not.toBeNull();
    if (before) expect(rows[0]!.before, `${action} before`).not.toBeNull();
  }
  const priced = (await auditOf(page.request, 'service.prices')).find(
    (row) => row.target === `service:${tag}`,
  )!;
  expect(JSON.stringify(priced.before)).toContain('200000');
  expect(JSON.stringify(priced.after)).toContain('250000');
  // the moderator's refused call left no row
  expect(
    (await auditOf(page.request, 'service.prices')).filter(
      (row) => row.staff.login === moderatorLogin,
    ),
  ).toHaveLength(0);
  await nav.getByRole('link', { name: 'Audit log' }).click();
  const audit = page.getByTestId('staff-audit-table');
  for (const action of ['service.import', 'service.prices', 'withdrawal.pay', 'article.publish'])
    await expect(audit).toContainText(action);

  // in Russian
  for (const [path, name] of [
    ['/staff/', 'dashboard-ru'],
    ['/staff/services/', 'services-ru'],
    [`/staff/services/${tag}/`, 'service-ru'],
    [`/staff/prices/${tag}/`, 'prices-ru'],
    ['/staff/providers/', 'providers-ru'],
    ['/staff/providers/simulator/import/', 'import-ru'],
    ['/staff/payments/', 'payments-ru'],
    ['/staff/withdrawals/?status=PAID', 'withdrawals-ru'],
    ['/staff/articles/', 'articles-ru'],
    [`/staff/articles/${articleKey}/`, 'article-ru'],
    ['/staff/landing-copy/?lang=ru', 'landing-copy-ru'],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Вернуться на сайт' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shootConsole(page, name);
  }
});

test('a moderator’s adjustment above the 24-hour cap waits; an admin approves it, and no one touches their own account', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const adminLogin = `e2ecap${stamp}`;
  await register(page.request, adminLogin);
  makeStaff(`${adminLogin}@example.com`, adminLogin, 'ROLE_ADMIN');
  await enrolThroughApi(page.request);
  const buyerContext = await browser.newContext();
  const buyerId = await register(buyerContext.request, `e2ecapbuyer${stamp}`);
  await buyerContext.close();

  // the moderator asks $1,500 (the cap is $1,000 a day): it waits for an admin
  const moderatorContext = await browser.newContext();
  const moderatorLogin = `e2ecapmod${stamp}`;
  const moderatorId = await register(moderatorContext.request, moderatorLogin);
  makeStaff(`${moderatorLogin}@example.com`, moderatorLogin, 'ROLE_MODERATOR');
  await enrolThroughApi(moderatorContext.request);
  const moderator = await moderatorContext.newPage();
  await moderator.goto(`/en/staff/users/${buyerId}/`);
  await hydrated(moderator);
  const form = moderator.getByTestId('staff-balance-form');
  await form.getByLabel('Amount, USD').fill('1500');
  await form.getByLabel('Reason').fill('Compensation for a lost order');
  await form.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(
    moderator.getByText(
      'This is above your 24-hour cap: the adjustment waits for an admin’s approval.',
    ),
  ).toBeVisible();
  const waiting = moderator.getByTestId('staff-user-adjustments');
  await expect(waiting).toContainText('Waiting');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(moderator.getByTestId('staff-user-balance')).toHaveText('$0');
  await shootConsole(moderator, 'user-waiting-en');
  // their own account refuses them
  await moderator.goto(`/en/staff/users/${moderatorId}/`);
  await hydrated(moderator);
  await moderator.getByTestId('staff-balance-form').getByLabel('Amount, USD').fill('10');
  await moderator.getByTestId('staff-balance-form').getByLabel('Reason').fill('For me');
  await moderator.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(moderator.getByTestId('staff-balance-form').getByRole('alert')).toHaveText(
    'Staff cannot change their own account here: its balance, level, block, sign-ins or roles',
  );
  await moderatorContext.close();

  // the admin finds it under Adjustments and approves it
  await page.goto('/en/staff/');
  await hydrated(page);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Adjustments' })
    .click();
  const table = page.getByTestId('staff-adjustments-table');
  const row = table.getByRole('row').filter({ hasText: 'Compensation for a lost order' });
  await expect(row).toContainText(moderatorLogin);
  await shootConsole(page, 'adjustments-en');
  await row.getByRole('button', { name: 'Approve' }).click();
  await confirmIn(page);
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(adminLogin);
  await page.goto(`/en/staff/users/${buyerId}/`);
  await hydrated(page);
  await expect(page.getByTestId('staff-user-balance')).toHaveText('$1,500');
  // the audit log has the request and the approval
  const audit = (await auditOf(page.request, 'user.balance.approve')).filter(
    (entry) => entry.target === `user:${buyerId}`,
  );
  expect(audit).toHaveLength(1);
  await page.goto('/staff/adjustments/?status=APPROVED');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корректировки');
  await expect(page.getByTestId('staff-adjustments-table')).toContainText(
    'Compensation for a lost order',
  );
  await shootConsole(page, 'adjustments-ru');
  // at a phone's width the console stays readable
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'screenshots/staff-adjustments-ru-375.png', fullPage: true });
});

test('the customer’s cookie banner stays out of the staff console', async ({ browser }) => {
  // a visitor who has not answered yet (the other tests answered no for every page)
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/en/');
  await hydrated(page);
  await expect(page.getByTestId('consent-banner')).toBeVisible();
  const login = `e2econsent${Date.now().toString(36)}`;
  await register(page.request, login);
  makeStaff(`${login}@example.com`, login, 'ROLE_ADMIN');
  await enrolThroughApi(page.request);
  for (const path of ['/en/staff/', '/staff/orders/']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByTestId('staff-who')).toBeVisible();
    await expect(page.getByTestId('consent-banner'), path).toHaveCount(0);
  }
  await context.close();
});
