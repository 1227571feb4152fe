import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { E2E_SCRIPT_ENV } from './staff-support.ts';
import { hydrated } from './support.ts';

/**
 * on a 320 × 640 phone the sticky header is one bar of at most 64 px once the page
 * is scrolled, and the cookie banner (a GDPR visitor who has not answered) is a slim bar of at
 * most a quarter of the screen that leaves the page's primary button in sight.
 */
test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 320, height: 640 } });

const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, bottom, height } = element.getBoundingClientRect();
      return { top, bottom, height };
    });

/** Whether the element's middle is what a tap there hits (nothing lies over it). */
const inSight = (page: Page, name: RegExp | string) =>
  page.getByRole('button', { name }).evaluate((button) => {
    button.scrollIntoView({ block: 'nearest' });
    const { left, top, width, height } = button.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return Boolean(hit && button.contains(hit));
  });

for (const [lang, prefix, pay, signup] of [
  ['ru', '', /^Оплатить/, 'Создать аккаунт'],
  ['de', '/de', /bezahlen$/i, 'Konto erstellen'],
] as const) {
  test(`a 320 px phone: a slim header once scrolled, a slim banner that hides no button (${lang})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/`);
    await hydrated(page);
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    expect((await box(page, '[data-testid="consent-banner"]')).height).toBeLessThanOrEqual(160);

    await page.mouse.wheel(0, 700);
    await expect(page.locator('html[data-scrolled]')).toHaveCount(1);
    const header = await box(page, 'header');
    expect(header.top).toBe(0);
    expect(header.height).toBeLessThanOrEqual(64);
    // nothing of the header hangs below its bar once scrolled (the platform strip has gone)
    await expect(page.locator('header nav')).toBeHidden();

    // the order form's button, brought into view, is not under the banner
    expect(await inSight(page, pay)).toBe(true);
    // the banner is part of the page above its header: the header's bar never lies over it,
    // nor it over the page
    const banner0 = await page.getByTestId('consent-banner').evaluate((element) => ({
      position: getComputedStyle(element).position,
    }));
    expect(banner0.position).toBe('static');

    await page.goto(`${prefix}/signup/`);
    await hydrated(page);
    await expect(banner).toBeVisible();
    expect(await inSight(page, signup)).toBe(true);
  });
}

test('a 320 px phone: the cabinet’s bar keeps its logo, balance, top-up and bell apart, and the income cards hold their sums', async ({
  page,
}) => {
  await page
    .context()
    .addCookies([{ name: 'consent', value: 'denied', domain: '127.0.0.1', path: '/' }]);
  const login = `narrow${Date.now().toString(36)}`;
  const made = await page.request.post('/api/register', {
    data: {
      email: `${login}@example.com`,
      login,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      lang: 'ru',
      cur: 'RUB',
    },
  });
  expect(made.status()).toBe(201);
  // 1 500,95 ₽ of affiliate income: on the balance and in the income cards
  execFileSync(
    process.execPath,
    [
      'tests/support/e2e-affiliate-income.ts',
      '--email',
      `${login}@example.com`,
      '--amount',
      '150095',
    ],
    { env: { ...E2E_SCRIPT_ENV } },
  );
  await page.goto('/cp/');
  await hydrated(page);
  const bar = page.locator('header').first();
  const parts = {
    logo: bar.getByRole('link').first(),
    balance: page.getByTestId('cp-balance'),
    topUp: bar.getByRole('link', { name: 'Пополнить' }),
    bell: bar.getByRole('button', { name: /уведомлен/i }),
  };
  const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const [name, locator] of Object.entries(parts)) {
    await expect(locator, name).toBeVisible();
    boxes[name] = (await locator.boundingBox())!;
  }
  await expect(page.getByTestId('cp-balance')).toHaveText('1 500,95 ₽');
  // left to right, none over the next
  const order = ['logo', 'balance', 'topUp', 'bell'];
  for (let i = 1; i < order.length; i += 1) {
    const before = boxes[order[i - 1]!]!;
    const after = boxes[order[i]!]!;
    expect(after.x, `${order[i - 1]} overlaps ${order[i]}`).toBeGreaterThanOrEqual(
      before.x + before.width,
    );
  }
  // the exit is still there, at the end of the sections
  await expect(
    page.getByRole('navigation', { name: /Разделы/ }).getByRole('button', { name: 'Выйти' }),
  ).toBeAttached();
  await page.screenshot({ path: 'screenshots/cp-header-320.png' });

  await page.goto('/cp/income/');
  await hydrated(page);
  const spilled = await page.locator('[data-stat]').evaluateAll((cards) =>
    cards
      .filter((card) => {
        const figure = card.lastElementChild as HTMLElement | null;
        return figure && figure.scrollWidth > figure.clientWidth + 1;
      })
      .map((card) => card.getAttribute('data-stat')),
  );
  expect(spilled).toEqual([]);
  await page.screenshot({ path: 'screenshots/cp-income-320.png', fullPage: true });
});
