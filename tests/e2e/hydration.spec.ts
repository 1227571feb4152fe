import { expect, type Page, test } from '@playwright/test';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { hydrated, signUp } from './support.ts';

/**
 * React 19 hydrates what React 19 rendered: on every kind of page, in every language, React
 * reports no hydration mismatch and no error it recovered from (the entry's
 * onRecoverableError writes those to the console), and the page's head holds its own tags once.
 * A development build of the browser bundle (`NODE_ENV=development npm run build`) runs the
 * same spec with React's attribute-level warnings on.
 */

/** The console's errors and React's warnings, and uncaught exceptions, as they come. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    // the 404 page's own status is what it should be
    const document404 = /status of 404/.test(text) && message.location().url === page.url();
    if (message.type() === 'error' && !document404) seen.push(text);
    else if (message.type() === 'warning' && /react|hydrat|did not match/i.test(text))
      seen.push(text);
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

/** A page of each public kind in `locale`. */
const PUBLIC_PAGES = (locale: Locale) => [
  pagePath('home', locale),
  pagePath('tiktok', locale),
  pagePath('service:instagram-likes', locale),
  pagePath('blog', locale),
  pagePath('public-agreement', locale, { region: 'world' }),
  pagePath('login', locale),
  pagePath('signup', locale),
  pagePath('thanks', locale),
  `${pagePath('home', locale)}no-such-page/`,
];

/** The cabinet's pages a signed-in customer opens. */
const CABINET_PAGES = (locale: Locale) =>
  (
    ['cp', 'cp-orders', 'cp-payment-history', 'cp-api', 'cp-profile', 'cp-notifications'] as const
  ).map((id) => pagePath(id, locale));

async function checkPage(page: Page, path: string, seen: string[]) {
  await page.goto(path);
  await hydrated(page);
  const head = await page.evaluate(() => ({
    titles: document.querySelectorAll('title').length,
    inBody: document.body.querySelectorAll('title, meta, link[rel="canonical"]').length,
  }));
  expect(head, path).toEqual({ titles: 1, inBody: 0 });
  expect(seen, path).toEqual([]);
}

for (const locale of LOCALES) {
  test(`every page kind hydrates without a mismatch (${locale})`, async ({ page }) => {
    // a dozen page kinds, each loaded and hydrated: room on a busy 2-core machine
    test.setTimeout(60_000);
    const seen = problems(page);
    for (const path of PUBLIC_PAGES(locale)) await checkPage(page, path, seen);
    // an article, as the blog links it
    await page.goto(pagePath('blog', locale));
    const article = await page.locator('main a[href*="/blog/"]').first().getAttribute('href');
    expect(article).toBeTruthy();
    await checkPage(page, article!, seen);

    await signUp(page, {
      login: `hydrate${locale}${Date.now() % 100000}`,
      lang: locale,
      cur: 'USD',
    });
    for (const path of CABINET_PAGES(locale)) await checkPage(page, path, seen);
  });
}
