import { expect, test } from '@playwright/test';
import { adminIn } from './staff-support.ts';
import { hydrated, shoot } from './support.ts';

/**
 * Where the console, the storefront and the cabinet meet, as a buyer sees it: a service staff
 * hid is no longer sold under its address nor linked, and a service page's packages follow
 * the currency the visitor picks.
 */

test('a service staff hide answers 404 with the platform’s other services, and is linked nowhere', async ({
  page,
  browser,
}) => {
  const address = '/uslugi/reposty-v-threads/';
  await page.goto('/threads/');
  await hydrated(page);
  await expect(page.locator(`#services a[href="${address}"]`)).toHaveCount(1);

  const staff = await browser.newContext();
  await adminIn(staff.request, `e2ehide${Date.now().toString(36)}`);
  const hide = (visible: boolean) =>
    staff.request.patch('/api/staff/catalogue/services/THREADS_REPOSTS', { data: { visible } });
  expect((await hide(false)).status()).toBe(200);
  try {
    const response = await page.goto(address);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    const offer = page.getByTestId('service-not-sold');
    await expect(offer.getByRole('heading', { level: 1 })).toHaveText(
      'Эта услуга сейчас недоступна',
    );
    await expect(page.getByTestId('order-form')).toHaveCount(0);
    await shoot(page, 'service-not-sold-ru');
    // a buyer goes on to what is sold
    await offer.getByRole('link', { name: 'Подписчики в Threads' }).click();
    await expect(page).toHaveURL(/\/uslugi\/podpischiki-v-threads\/$/);
    await expect(page.getByTestId('order-form')).toBeVisible();
    // the landing and the header's menu no longer link to it
    await page.goto('/threads/');
    await hydrated(page);
    await expect(page.locator(`a[href="${address}"]`)).toHaveCount(0);
    const english = await page.goto('/en/buy-threads-reposts/');
    expect(english?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByTestId('service-not-sold')).toContainText(
      'This service is not available right now',
    );
  } finally {
    expect((await hide(true)).status()).toBe(200);
    await staff.close();
  }
  const back = await page.goto(address);
  expect(back?.status()).toBe(200);
});

test('a service page’s popular packages follow the currency, from the header and from the form', async ({
  page,
}) => {
  await page.goto('/uslugi/lajki-v-instagram/');
  await hydrated(page);
  const packages = page.getByRole('list', { name: 'Популярные пакеты' });
  await expect(packages.getByRole('button')).not.toHaveCount(0);
  await expect(packages).toContainText('₽');
  const currency = page.getByRole('button', { name: 'Валюта' });
  await currency.click();
  await page.getByRole('button', { name: /USD/ }).click();
  await expect(currency).toContainText('USD');
  await expect(packages).toContainText('$');
  await expect(packages).not.toContainText('₽');
  const count = await packages.getByRole('button').count();
  expect(count).toBeGreaterThan(0);
  await currency.click();
  await page.getByRole('button', { name: /EUR/ }).click();
  await expect(packages).toContainText('€');
  await expect(packages.getByRole('button')).toHaveCount(count);
  // back to roubles, then the form's own "pay in USD" (a card issued abroad)
  await currency.click();
  await page.getByRole('button', { name: /RUB/ }).click();
  await expect(packages).toContainText('₽');
  const form = page.getByTestId('order-form');
  await form.getByRole('button', { name: 'Выберите способ оплаты' }).click();
  await form.getByTestId('card-abroad').getByRole('button', { name: 'Оплатить в USD' }).click();
  await expect(currency).toContainText('USD');
  await expect(packages).toContainText('$');
  await expect(packages.getByRole('button')).toHaveCount(count);
});

test.describe('a first visit from a GDPR country', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the consent banner lies over no field and no button of the order form, at any width', async ({
    page,
  }) => {
    for (const width of [1440, 768, 375, 320]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 700 });
      await page.goto('/en/');
      await hydrated(page);
      await expect(page.getByTestId('consent-banner')).toBeVisible();
      const covered = await page.getByTestId('order-form').evaluate((form) => {
        const hidden: string[] = [];
        for (const control of form.querySelectorAll<HTMLElement>(
          'input, select, textarea, button',
        )) {
          const { width: w, height: h } = control.getBoundingClientRect();
          if (!w || !h) continue;
          control.scrollIntoView({ block: 'nearest' });
          const { left, top, width, height } = control.getBoundingClientRect();
          const hit = document.elementFromPoint(left + width / 2, top + height / 2);
          if (
            !hit ||
            !(
              control.contains(hit) ||
              hit.contains(control) ||
              control.closest('label')?.contains(hit)
            )
          )
            hidden.push(
              control.getAttribute('name') ?? control.textContent?.trim() ?? control.tagName,
            );
        }
        return hidden;
      });
      expect([width, covered]).toEqual([width, []]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `screenshots/consent-first-visit-${width}.png` });
    }
  });
});
