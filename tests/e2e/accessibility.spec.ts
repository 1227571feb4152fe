import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CABINET_SECTIONS, pagePath } from '#shared/routes.ts';
import { adminIn, E2E_SCRIPT_ENV, register } from './staff-support.ts';
import { answerSandbox } from './support.ts';

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

/**
 * Nothing moves: a frame has been drawn with the current layout, the loading bar is gone and
 * no CSS transition or finite animation runs (axe reads colours mid-fade otherwise; a
 * spinner's endless animation is no matter).
 */
async function still(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  await expect(page.locator('[role="progressbar"][data-phase]')).toHaveCount(0);
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        ),
  );
}

/** The page has hydrated and what its screen asks for has come. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // the loading bar's fade and the first data's transitions are over
  await still(page);
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
    await still(page);
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

/**
 * A role's browser context, made before its tests (`setUp` signs it in) and closed after them;
 * its page is visited by each of them in turn.
 */
function asRole(
  setUp: (context: BrowserContext, browser: Browser) => Promise<void> = async () => {},
) {
  const role = {} as { page: Page };
  let context: BrowserContext | undefined;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await setUp(context, browser);
    role.page = await context.newPage();
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return role;
}

/**
 * A customer whose pages show rows, not only their empty states: a top-up paid in the sandbox
 * (a payment, a notification), an order from the balance and affiliate income. Answers the id.
 */
async function customerWithHistory(context: BrowserContext, login: string): Promise<number> {
  const id = await register(context.request, login);
  const page = await context.newPage();
  await page.goto('/en/cp/payment/');
  await settled(page);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel('Amount, USD').fill('20');
  await deposit.getByText('Bank card', { exact: true }).click();
  await deposit.getByLabel('I accept the Terms of Service and the Refund Policy').check();
  await deposit.getByRole('button', { name: 'Top up' }).click();
  await answerSandbox(page);
  await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
  const ordered = await page.request.post('/api/c_orders/main', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      method: -1,
      tag: 'INSTAGRAM_FOLLOWERS',
      link: 'https://www.instagram.com/a11y_check/',
      quantity: 100,
    },
  });
  expect(ordered.status()).toBe(201);
  await page.close();
  execFileSync(
    process.execPath,
    ['tests/support/e2e-affiliate-income.ts', '--email', `${login}@example.com`, '--amount', '500'],
    { env: { ...E2E_SCRIPT_ENV } },
  );
  return id;
}

test.describe('a guest', () => {
  const guest = asRole();

  test('home', async () => {
    await expectAccessible(guest.page, 'the home page', inLocales('home'));
  });

  test('a service page', async () => {
    await expectAccessible(guest.page, 'a service page', inLocales('service:instagram-likes'));
  });

  test('sign-in', async () => {
    await expectAccessible(guest.page, 'sign-in', inLocales('login'));
  });

  test('sign-up', async () => {
    await expectAccessible(guest.page, 'sign-up', inLocales('signup'));
  });

  test('the thanks page of a paid order', async () => {
    test.setTimeout(90_000);
    const { page } = guest;
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
    await answerSandbox(page);
    await expect(page).toHaveURL(/\/en\/thanks\/\?payment=\w{20}$/);
    const payment = new URL(page.url()).searchParams.get('payment')!;
    await expectAccessible(page, 'the thanks page', inLocales('thanks', {}, `?payment=${payment}`));
  });
});

test.describe('a customer', () => {
  const customer = asRole(async (context) => {
    await customerWithHistory(context, `a11y${stamp}`);
  });

  for (const id of ['cp', ...CABINET_SECTIONS.map((section) => `cp-${section}`)])
    test(`the cabinet: ${pagePath(id, 'ru')}`, async () => {
      await expectAccessible(customer.page, `the cabinet's ${id}`, inLocales(id));
    });
});

test.describe('an admin of the staff console', () => {
  /** A customer's account, for the console's user page. */
  let customerId = 0;
  const admin = asRole(async (context, browser) => {
    await adminIn(context.request, `a11yadmin${stamp}`);
    const buyer = await browser.newContext();
    customerId = await customerWithHistory(buyer, `a11ybuyer${stamp}`);
    await buyer.close();
  });
  const PAGES: [string, string, () => Record<string, string>][] = [
    ['dashboard', 'staff', () => ({})],
    ['orders', 'staff-orders', () => ({})],
    ['a user', 'staff-user', () => ({ id: String(customerId) })],
    ['a service’s prices', 'staff-price', () => ({ tag: 'INSTAGRAM_LIKES' })],
  ];
  for (const [name, id, params] of PAGES)
    test(`the staff console: ${name}`, async () => {
      await expectAccessible(admin.page, `the staff console's ${name}`, inLocales(id, params()));
    });
});
