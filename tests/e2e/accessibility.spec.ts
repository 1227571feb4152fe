import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CABINET_SECTIONS, pagePath } from '../../shared/routes.ts';
import { adminIn, register } from './staff-support.ts';

/**
 * WCAG 2.1 A and AA, checked by axe-core on one page of each kind, in Russian (no prefix) and
 * English (/en/), at 1440 and 375 px: a violation of impact serious or critical fails the page
 * kind's test, and each one is printed (rule, impact, the elements' selectors, the page and
 * the width), so the failure says what to fix. Minor and moderate findings are not counted.
 *
 * One browser context per role (a guest, a customer, an admin of the staff console), made
 * once; each test visits its kind's pages in a loop. A new page kind: a test below with its
 * paths (docs/architecture.md, "Accessibility checks").
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
const WIDTHS = [1440, 375] as const;
const LOCALES = ['ru', 'en'] as const;

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The page has hydrated and what its screen asks for has come. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // the loading bar's fade and the first data's transitions are over
  await page.waitForTimeout(300);
}

/** The serious and critical violations of one page at each width, as lines of the report. */
async function audit(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  expect(new URL(page.url()).pathname, `${path} is not redirected`).toBe(path.split('?')[0]);
  await settled(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 740 });
    await page.waitForTimeout(150);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of violations) {
      if (!FAILING.has(violation.impact ?? '')) continue;
      const targets = violation.nodes.map((node) => node.target.join(' >> '));
      found.push(
        `${path} @${width}px  ${violation.id} (${violation.impact}): ${violation.help}\n` +
          targets.map((target) => `      ${target}`).join('\n'),
      );
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return found;
}

/** Checks every path of a page kind and fails once, listing all it found. */
async function expectAccessible(page: Page, kind: string, paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await audit(page, path)));
  expect(
    found.length,
    `axe: serious or critical WCAG 2.1 AA violations on ${kind}:\n${found.join('\n')}\n`,
  ).toBe(0);
}

const inLocales = (id: string, params: Record<string, string> = {}, query = '') =>
  LOCALES.map((locale) => `${pagePath(id, locale, params)}${query}`);

let guest: BrowserContext;
let customer: BrowserContext;
let admin: BrowserContext;
let guestPage: Page;
let customerPage: Page;
let adminPage: Page;
/** The customer's account id, for the staff console's user page. */
let customerId: number;

async function newPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return [context, await context.newPage()];
}

test.beforeAll(async ({ browser }) => {
  [guest, guestPage] = await newPage(browser);
  [customer, customerPage] = await newPage(browser);
  customerId = await register(customer.request, `a11y${stamp}`);
  [admin, adminPage] = await newPage(browser);
  await adminIn(admin.request, `a11yadmin${stamp}`);
});

test.afterAll(async () => {
  await Promise.all([guest?.close(), customer?.close(), admin?.close()]);
});

test('home', async () => {
  await expectAccessible(guestPage, 'the home page', inLocales('home'));
});

test('a service page', async () => {
  await expectAccessible(guestPage, 'a service page', inLocales('service:instagram-likes'));
});

test('sign-in', async () => {
  await expectAccessible(guestPage, 'sign-in', inLocales('login'));
});

test('sign-up', async () => {
  await expectAccessible(guestPage, 'sign-up', inLocales('signup'));
});

test('the thanks page of a guest’s paid order', async () => {
  test.setTimeout(90_000);
  const page = guestPage;
  await page.goto('/en/buy-instagram-likes/');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
  const form = page.getByTestId('order-form');
  await form.getByLabel('Link to the post').fill('https://www.instagram.com/p/C8xYz12AbCd/');
  await expect(form.getByTestId('order-cost')).toHaveText('$6.99');
  await form.getByLabel('E-mail for the receipt').fill(`a11y.${stamp}@example.com`);
  await form.getByRole('button', { name: 'Choose a payment method' }).click();
  await form.locator('[data-method="card_world"]').click();
  await form.getByLabel('I accept the Terms of Service and the Refund Policy').check();
  await form.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  await expectAccessible(page, 'the thanks page', inLocales('thanks', {}, `?payment=${paymentId}`));
});

for (const id of ['cp', ...CABINET_SECTIONS.map((section) => `cp-${section}`)])
  test(`the cabinet: ${pagePath(id, 'ru')}`, async () => {
    await expectAccessible(customerPage, `the cabinet's ${id}`, inLocales(id));
  });

const STAFF_PAGES: [string, string, () => Record<string, string>][] = [
  ['dashboard', 'staff', () => ({})],
  ['orders', 'staff-orders', () => ({})],
  ['a user', 'staff-user', () => ({ id: String(customerId) })],
  ['a service’s prices', 'staff-price', () => ({ tag: 'INSTAGRAM_LIKES' })],
];
for (const [name, id, params] of STAFF_PAGES)
  test(`the staff console: ${name}`, async () => {
    await expectAccessible(adminPage, `the staff console's ${name}`, inLocales(id, params()));
  });
