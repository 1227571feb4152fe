import { expect, type Page, test } from '@playwright/test';
import { hydrated, signUp } from './support.ts';

/**
 * React 19 hydrates its own server markup in the browser: the page's head tags are hoisted by
 * React on both sides, a screen's stylesheet is waited for on a client navigation, and the
 * page's regions (HydrationBoundary) hydrate after its shell over the server's own elements.
 */

const headOf = (page: Page) =>
  page.evaluate(() => ({
    titles: document.querySelectorAll('title').length,
    bodyTags: document.body.querySelectorAll('title, meta, link').length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: [...document.querySelectorAll('link[rel="alternate"]')].map((link) =>
      link.getAttribute('hreflang'),
    ),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    ),
  }));

/** The page's console errors and uncaught exceptions, as they come. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The ids that a label's `for` names and no element has. */
const unlabelledFields = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('label[for]')]
      .map((label) => label.getAttribute('for')!)
      .filter((id) => !document.getElementById(id)),
  );

test('hydration keeps the server markup: same text, same elements, head and styles in place', async ({
  browser,
  page,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const server = await plain.newPage();
  for (const path of ['/en/', '/en/buy-tiktok-likes/', '/en/blog/', '/en/login/', '/de/']) {
    await server.goto(path);
    const before = await server.evaluate(() => ({
      text: document.body.innerText,
      elements: document.body.querySelectorAll('*').length,
      stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
        link.getAttribute('href'),
      ),
    }));

    await page.goto(path);
    await hydrated(page);
    const after = await page.evaluate(() => ({
      text: document.body.innerText,
      elements: document.body.querySelectorAll('*').length,
    }));
    expect(after, path).toEqual({ text: before.text, elements: before.elements });
    const head = await headOf(page);
    expect(head.titles, path).toBe(1);
    expect(head.bodyTags, path).toBe(0);
    expect(head.alternates.length, path).toBe(8);
    // every stylesheet the server linked is still there
    for (const href of before.stylesheets) expect(head.stylesheets, path).toContain(href);
    // labels name their fields (useId gives the server's ids in the browser too)
    expect(await unlabelledFields(page), path).toEqual([]);
  }
  await plain.close();
  expect(errors).toEqual([]);
});

test("the cabinet's pages hydrate: their heading, labelled fields and head tags", async ({
  browser,
  page,
  baseURL,
}) => {
  // nine page loads, each waiting for hydration: more than the default 30 s on a busy machine
  test.setTimeout(60_000);
  const login = `hydrate${Date.now().toString(36)}`;
  await signUp(page, { login, lang: 'en', cur: 'USD' });
  const errors = consoleErrors(page);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    storageState: await page.context().storageState(),
  });
  const server = await plain.newPage();
  for (const path of ['/en/cp/', '/en/cp/orders/', '/en/cp/payment/history/', '/en/cp/profile/']) {
    await server.goto(path);
    // (the cabinet loads its lists and the order form's services after hydration, so only
    // what the server's page already has is compared)
    const nav = await server.getByRole('navigation').last().innerText();
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('h1')).toHaveText(await server.locator('h1').innerText());
    expect(await page.getByRole('navigation').last().innerText(), path).toBe(nav);
    // every label still names its field (ids taken from the browser at hydration)
    expect(await unlabelledFields(page), path).toEqual([]);
    expect((await headOf(page)).bodyTags, path).toBe(0);
  }
  await plain.close();
  // from the dashboard to the profile in the page: the profile's own message set (sign-up's
  // field names) comes with its screen (shared/message-sets.ts)
  await page.goto('/en/cp/');
  await hydrated(page);
  await page
    .getByRole('navigation', { name: 'Cabinet sections' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page).toHaveURL(/\/en\/cp\/profile\/$/);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(page.getByText(/auth\.field\./)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a client navigation writes the new page into <head> and styles its screen before showing it', async ({
  page,
}) => {
  await page.goto('/en/');
  await hydrated(page);
  const home = await headOf(page);
  const homeTitle = await page.title();
  expect(home.stylesheets.some((href) => href?.includes('service.page-'))).toBe(false);

  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.getByRole('banner').getByRole('button', { name: 'TikTok' }).click();
  await page.getByRole('link', { name: 'TikTok likes' }).first().click();
  await expect(page).toHaveURL(/\/en\/buy-tiktok-likes\/$/);
  await expect(page.locator('h1')).toHaveText('Buy TikTok likes');
  // shown only once its stylesheet has loaded: the heading already has the screen's look
  const styled = await page.evaluate(() => {
    const sheet = [...document.styleSheets].find((s) => s.href?.includes('service.page-'));
    return Boolean(sheet && sheet.cssRules.length > 0);
  });
  expect(styled).toBe(true);
  expect(documents).toEqual([]);

  const service = await headOf(page);
  expect(await page.title()).toContain('Buy TikTok likes');
  expect(service.titles).toBe(1);
  expect(service.bodyTags).toBe(0);
  expect(service.canonical).toMatch(/\/en\/buy-tiktok-likes\/$/);
  expect(service.alternates).toHaveLength(8);
  expect(service.description).not.toBe(home.description);
  expect(service.ogTitle).toContain('TikTok');

  await page.goBack();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page).toHaveTitle(homeTitle);
  const back = await headOf(page);
  expect(back.canonical).toBe(home.canonical);
  expect(back.description).toBe(home.description);
  expect(back.titles).toBe(1);
});

test('the page hydrates in parts over the server’s own elements, each part live', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const REGIONS = 'header, footer, [data-testid="order-form"], main section';
  // the server's elements, marked before the page's script loads (it waits for a frame)
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll(selector))
        Object.assign(element, { fromServer: true });
    });
  }, REGIONS);
  for (const path of ['/en/', '/en/buy-tiktok-likes/']) {
    await page.goto(path);
    await hydrated(page);
    // each region hydrated after the shell (components/hydration-boundary) adopted the server's
    // element instead of making its own
    const kept = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll(selector)].map(
          (element) => (element as Element & { fromServer?: boolean }).fromServer === true,
        ),
      REGIONS,
    );
    expect(kept.length, path).toBeGreaterThan(4);
    expect(kept.every(Boolean), path).toBe(true);
    // the header's menus and the order form answer
    const menu = page.getByRole('banner').getByRole('button', { name: 'YouTube' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const form = page.getByTestId('order-form');
    await form.getByRole('button', { name: 'Telegram' }).click();
    await expect(form.getByRole('button', { name: 'Telegram' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  expect(errors).toEqual([]);
});

/** The page's script files so far (the entry, its chunks, the messages' chunks). */
const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );

test('kept subtrees keep the server’s markup; their code and texts come when a page renders one itself', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/en/');
  await hydrated(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  const firstVisit = await scriptsLoaded(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Why people choose us' })).toBeVisible();
  const homeTitle = await page.locator('h1').textContent();

  // a link in the landing's kept sections goes through the router, as its Link would
  await main
    .locator('#services')
    .getByRole('link', { name: /Instagram followers/ })
    .click();
  await expect(page).toHaveURL(/\/en\/buy-instagram-followers\/$/);
  await expect(page.locator('h1')).toHaveText('Buy Instagram followers');
  // the service page's hero words and sections, rendered in the browser with their texts
  await expect(main.getByRole('heading', { name: 'Good to know' })).toBeVisible();
  await expect(main.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
  // and its structured data, for this page
  const product = await page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent ?? '{}') as { '@type'?: string; url?: string })
      .find((data) => data['@type'] === 'Product'),
  );
  expect(product?.url).toMatch(/\/en\/buy-instagram-followers\/$/);
  const afterNavigation = await scriptsLoaded(page);
  expect(afterNavigation.filter((name) => !firstVisit.includes(name)).length).toBeGreaterThan(0);

  // a link in the footer's kept markup, to another landing: its sections render here
  await page.getByRole('contentinfo').getByRole('link', { name: 'TikTok', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/tiktok\/$/);
  await expect(main.getByRole('heading', { name: 'TikTok services' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Why people choose us' })).toBeVisible();
  await expect(page.locator('h1')).not.toHaveText(homeTitle!);

  // back home: the server's markup of home's hero and sections is mounted again
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.locator('h1')).toHaveText(homeTitle!);
  await expect(main.getByRole('heading', { name: 'Instagram services' })).toBeVisible();
  expect(documents).toEqual([]);
  expect(errors).toEqual([]);
});
