import { expect, type Page, test } from '@playwright/test';
import { PAGE_VIEW_MARK } from '#client/features/analytics/analytics.saga.ts';
import { hydrated, shoot } from './support.ts';

/**
 * Analytics in the browser. Visitors here come from no known country, which counts
 * as GDPR (docs/product.md §13): nothing is sent or stored before consent; after "Allow" page views go to
 * POST mp (and yaHit) with a _ga client id, and a hidden page sends its web-vitals beacon.
 */
test.use({ storageState: { cookies: [], origins: [] } });

/** Analytics has had its say on the page's view (client/features/analytics/analytics.saga.ts). */
const pageViewHandled = (page: Page) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PAGE_VIEW_MARK);

test('nothing is counted before consent; after it, page views and web vitals are', async ({
  page,
  context,
}) => {
  const sent: { url: string; body: string | null }[] = [];
  page.on('request', (request) => {
    if (/\/api\/(mp|yaHit|analytics)\b/.test(request.url()))
      sent.push({ url: request.url(), body: request.postData() });
  });
  await page.goto('/en/');
  await hydrated(page);
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toContainText('We use cookies to count visits');
  // analytics has handled the page view (held it: no consent yet)
  await pageViewHandled(page);
  expect(sent.filter((entry) => !entry.url.includes('/api/analytics'))).toEqual([]);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga');
  await shoot(page, 'consent-banner-en');

  const firstView = page.waitForRequest((request) => request.url().endsWith('/api/mp'));
  await banner.getByRole('button', { name: 'Allow' }).click();
  await expect(banner).toHaveCount(0);
  const body = JSON.parse((await firstView).postData()!);
  expect(body).toMatchObject({
    client_id: expect.stringMatching(/^\d+\.\d+$/),
    events: [{ name: 'page_view', params: { page_location: expect.stringContaining('/en/') } }],
  });
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies._ga).toMatch(/^GA1\.1\.\d{9}\.\d+$/);
  expect(cookies._ym_uid).toMatch(/^\d{16,20}$/);
  expect(cookies.consent).toBe('granted');
  expect(cookies._ga!.endsWith(body.client_id)).toBe(true);

  // a navigation in the app is a page view of its own
  const link = page.locator('main a[href^="/en/"]:visible').first();
  const target = (await link.getAttribute('href'))!;
  const secondView = page.waitForRequest(
    (request) => request.url().endsWith('/api/mp') && (request.postData() ?? '').includes(target),
  );
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await secondView;

  // a page being hidden sends what web-vitals measured
  const beacon = page.waitForRequest((request) => request.url().endsWith('/api/analytics'));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const vitals = JSON.parse((await beacon).postData()!);
  expect(vitals.path).toBe(target);
  expect(vitals.metrics.map((metric: { name: string }) => metric.name)).toEqual(
    expect.arrayContaining(['TTFB']),
  );
});

test('a refusal is kept: no ids, nothing sent, no banner again', async ({ page, context }) => {
  let counted = 0;
  page.on('request', (request) => {
    if (/\/api\/(mp|yaHit)\b/.test(request.url())) counted++;
  });
  await page.goto('/');
  await hydrated(page);
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toContainText('Мы используем cookie');
  await page.setViewportSize({ width: 320, height: 700 });
  await shoot(page, 'consent-banner-ru');
  await banner.getByRole('button', { name: 'Отказаться' }).click();
  await page.reload();
  await hydrated(page);
  await pageViewHandled(page);
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).toContain('consent');
  expect(names).not.toContain('_ga');
  expect(counted).toBe(0);
});
