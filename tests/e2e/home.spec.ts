import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support.ts';

const SHOTS = 'screenshots';

/** The page has a heading and does not scroll sideways. */
async function laidOutWhole(page: Page, what: string): Promise<void> {
  await expect(page.locator('h1').first(), what).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow (${what})`).toBeLessThanOrEqual(0);
}

/**
 * Collects console errors and failed requests of a page. A request aborted is none: the test's
 * next `goto` cancels what the page still loads after hydrating (its sagas' chunk), as a
 * visitor's click on a link would.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText;
    if (failure !== 'net::ERR_ABORTED') errors.push(`${request.url()} ${failure}`);
  });
  return errors;
}

test('home hydrates without errors in Russian and English, and the language switcher keeps the page', async ({
  page,
}) => {
  const errors = watchErrors(page);

  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.locator('h1')).toBeVisible();

  await page.goto('/en/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('h1')).toHaveText('Likes, followers and views for Instagram');

  // client-side navigation to a service page, then switch its language
  await page.getByRole('banner').getByRole('button', { name: 'TikTok' }).click();
  await page.getByRole('link', { name: 'TikTok likes' }).first().click();
  await expect(page).toHaveURL(/\/en\/buy-tiktok-likes\/$/);
  await expect(page.locator('h1')).toHaveText('Buy TikTok likes');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/kaufen-likes-in-tiktok\/$/);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('de');

  expect(errors).toEqual([]);
});

test('one dropdown at a time, closed by its backdrop', async ({ page }) => {
  await page.goto('/en/');
  await hydrated(page);
  const currency = page.getByRole('button', { name: 'Currency' });
  const language = page.getByRole('button', { name: 'Language' });
  await currency.click();
  await expect(currency).toHaveAttribute('aria-expanded', 'true');
  await language.click();
  await expect(currency).toHaveAttribute('aria-expanded', 'false');
  await expect(language).toHaveAttribute('aria-expanded', 'true');
  await language.click();
  await expect(language).toHaveAttribute('aria-expanded', 'false');

  await currency.click();
  await page.getByRole('button', { name: /EUR/ }).click();
  await expect(currency).toContainText('EUR');
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Currency' })).toContainText('EUR');
});

test('home, a service page and the 404 on desktop and phone in two languages: laid out whole, shot', async ({
  browser,
}) => {
  for (const [name, viewport, isMobile] of [
    ['desktop', { width: 1440, height: 900 }, false],
    ['phone', { width: 375, height: 812 }, true],
  ] as const) {
    const context = await browser.newContext({
      viewport,
      isMobile,
      hasTouch: isMobile,
      deviceScaleFactor: 1,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    for (const [locale, path] of [
      ['ru', '/'],
      ['en', '/en/'],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      await laidOutWhole(page, `home ${locale} ${name}`);
      await expect(page.getByTestId('order-form')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/home-${locale}-${name}.png`, fullPage: false });
    }
    await page.goto('/en/buy-instagram-likes/');
    await hydrated(page);
    await laidOutWhole(page, `service ${name}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Instagram');
    await page.screenshot({ path: `${SHOTS}/service-en-${name}.png` });
    const missing = await page.goto('/en/not-a-page/');
    expect(missing?.status()).toBe(404);
    await hydrated(page);
    await laidOutWhole(page, `404 ${name}`);
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/404-en-${name}.png` });
    await context.close();
  }
});
