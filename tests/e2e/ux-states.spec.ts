import { expect, test } from '@playwright/test';
import { hydrated, shoot } from './support.ts';

/**
 * docs/product.md §15 states: the offline banner and the forms it stops, the loading bar of a
 * slow navigation, and anchor navigation (smooth, 30 px above the target, found even when it
 * renders late).
 */
test('going offline shows a banner and stops the forms until the connection is back', async ({
  page,
  context,
}) => {
  await page.goto('/en/buy-instagram-likes/');
  await hydrated(page);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(
    'You are offline. Forms will work again as soon as the connection is back.',
  );
  await expect(page.locator('html')).toHaveAttribute('data-offline', 'true');
  const submit = page.locator('form button[type="submit"]').first();
  await expect(submit).toHaveCSS('pointer-events', 'none');
  await shoot(page, 'offline-en');
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(submit).not.toHaveCSS('pointer-events', 'none');
});

test('a part of the page still loading when the connection goes comes once it is back, the page kept', async ({
  page,
  context,
}) => {
  // the order form's link rules load once the form is live: held until the connection is gone
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/chunks/link-rules-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/buy-instagram-likes/');
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { kept: boolean }).kept = true;
  });
  await context.setOffline(true);
  release();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // the same page (a reload offline shows the browser's own page), its link rules now here
  await page.getByRole('textbox', { name: 'Link to the post' }).fill('not a link');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(
    page.getByText('Enter a link to a post, like the example in the field'),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});

test('a slow navigation shows the loading bar, and it goes when the page is there', async ({
  page,
}) => {
  await page.goto('/en/');
  await hydrated(page);
  // the next page's data and code are held back until the bar has been seen
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const pattern of ['**/api/**', '**/assets/chunks/**'])
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
  const link = page.locator('main a[href^="/en/"]:visible').first();
  const target = (await link.getAttribute('href'))!;
  await link.click();
  const bar = page.locator('[role="progressbar"][data-phase]');
  await expect(bar).toHaveAttribute('data-phase', 'running');
  release();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(bar).toHaveCount(0, { timeout: 5000 });
});

test('an anchor link scrolls to its section, 30 px below the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto('/en/tiktok/');
  await hydrated(page);
  await page.locator('a[href="#launch"]').first().click();
  await expect(page).toHaveURL(/#launch$/);
  const header = await page.evaluate(
    () => document.querySelector('header')!.getBoundingClientRect().height,
  );
  // within a pixel or two of 30 px below the header, once the smooth scroll has settled
  await expect
    .poll(
      async () =>
        Math.abs(
          (await page.evaluate(
            () => document.getElementById('launch')!.getBoundingClientRect().top,
          )) -
            (header + 30),
        ) <= 2,
      { timeout: 5000 },
    )
    .toBe(true);
});
