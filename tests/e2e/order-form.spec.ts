import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support.ts';

/**
 * The order form on a service page: platform → type → service, link check,
 * presets and a custom quantity, the price in the visitor's currency, payment methods hidden
 * or disabled at their limits, and the choice restored from session storage after a reload.
 * The server sees 127.0.0.1, a country GeoIP does not know: no RU- or EEA-only methods.
 */
const SHOTS = 'screenshots';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`order form on a ${name}`, () => {
    test.use({ viewport, isMobile: name === 'phone', hasTouch: name === 'phone' });

    test('choose, price, pay methods and restore after reload', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/en/buy-instagram-likes/');
      await hydrated(page);
      const form = page.getByTestId('order-form');
      const cost = form.getByTestId('order-cost');

      // the page's own service is preselected, priced from the page's data in dollars
      await expect(form.getByRole('button', { name: 'Likes', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(form.getByLabel('Link to the post')).toBeVisible();
      await expect(cost).toHaveText('$6.99');

      // another platform, another type
      await form.getByRole('button', { name: 'TikTok' }).click();
      await form.getByRole('button', { name: 'Followers', exact: true }).click();
      const link = form.getByLabel('Username or link to the profile');
      await link.fill('https://www.instagram.com/p/C8xYz12AbCd/');
      await form.getByRole('button', { name: '5,000', exact: true }).click();
      await expect(cost).toHaveText('$39.99');

      // bad input is named, and changes nothing
      await form.locator('button[type="submit"]').click();
      await expect(form.getByText('Enter a username or a link to the profile')).toBeVisible();
      await expect(form.getByText('Choose a payment method').last()).toBeVisible();
      await expect(form.getByText('Please enter your email')).toBeVisible();
      await link.fill('@dance.with.me');
      await expect(form.getByText('Enter a username or a link to the profile')).toHaveCount(0);

      const custom = form.getByPlaceholder('Other quantity');
      await custom.fill('12.5');
      await expect(form.getByText('Provide an integer')).toBeVisible();
      await custom.fill('2000');
      await expect(form.getByText('Provide an integer')).toHaveCount(0);
      await expect(cost).toHaveText('$19.98');
      // the site's own number formats: "2 000" and "2,000" are two thousand
      await custom.fill('2 000');
      await expect(cost).toHaveText('$19.98');
      await custom.fill('2,000');
      await expect(cost).toHaveText('$19.98');
      // out of range: the range is said instead of a price
      await custom.fill('90,000,000');
      await expect(form.getByTestId('order-range')).toContainText(
        /Enter a quantity from [\d,]+ to [\d,]+/,
      );
      await custom.fill('2000');
      await expect(cost).toHaveText('$19.98');

      // the currency switch reprices (orderCost in roubles)
      await page.getByRole('button', { name: 'Currency' }).click();
      await page.getByRole('button', { name: /RUB/ }).click();
      await expect(cost).toHaveText(/^RUB\s?880$|^₽\s?880$|^880\s?₽$/);
      await page.getByRole('button', { name: 'Currency' }).click();
      await page.getByRole('button', { name: /USD/ }).click();
      await expect(cost).toHaveText('$19.98');

      // reposts from 10: 20 shares cost $0.30, under the cards' $0.50 minimum
      await form.getByRole('button', { name: 'Reposts', exact: true }).click();
      await form
        .getByLabel('Link to the video')
        .fill('https://www.tiktok.com/@dance.with.me/video/7301234567890123456');
      await custom.fill('20');
      await expect(cost).toHaveText('$0.30');
      await form.getByRole('button', { name: 'Choose a payment method' }).click();
      const methods = form.locator('#order-methods');
      // alone in its group: shown, disabled, with its minimum
      const card = methods.locator('[data-method="card_world"]');
      await expect(card).toHaveAttribute('data-disabled', 'min');
      await expect(card).toContainText('From $0.50');
      await expect(card.getByRole('radio')).toBeDisabled();
      // in a group with another method that fits: hidden
      await expect(methods.locator('[data-method="apple_pay"]')).toHaveCount(0);
      await expect(methods.locator('[data-method="paypal"]')).toBeVisible();
      // a guest has no balance to pay from
      await expect(methods.locator('[data-method="balance"]')).toHaveCount(0);

      // PayPal asks for the agreement
      await methods.locator('[data-method="paypal"]').click();
      await form.getByLabel('E-mail for the receipt').fill('buyer@example.com');
      await form.locator('button[type="submit"]').click();
      await expect(form.getByText('Must check the box')).toBeVisible();
      await form.getByLabel('I accept the Terms of Service and the Refund Policy').check();
      await expect(form.getByText('Must check the box')).toHaveCount(0);

      // larger: 500 shares cost $7.45, the card is enabled again
      await custom.fill('500');
      await expect(cost).toHaveText('$7.45');
      await expect(card).not.toHaveAttribute('data-disabled');

      const saved = await page.evaluate(() => ({ ...sessionStorage }));
      expect(saved).toMatchObject({
        'order.platform': 'tiktok',
        'order.service': 'TIKTOK_REPOSTS',
        'order.numerosity': 'single',
        'order.quantity': '500',
        'order.methodsVisible': 'true',
      });

      await page.reload();
      await hydrated(page);
      await expect(form.getByRole('button', { name: 'TikTok' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(form.getByRole('button', { name: 'Reposts', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(form.getByLabel('Link to the video')).toHaveValue(
        'https://www.tiktok.com/@dance.with.me/video/7301234567890123456',
      );
      await expect(cost).toHaveText('$7.45');
      await expect(form.locator('#order-methods')).toBeVisible();

      // a new platform unsets the service: its saved choice is removed
      await form.getByRole('button', { name: 'YouTube' }).click();
      const after = await page.evaluate(() => ({ ...sessionStorage }));
      expect(after['order.service']).toBeUndefined();
      expect(after['order.quantity']).toBeUndefined();
      expect(after['order.input']).toBeUndefined();
      expect(after['order.platform']).toBe('youtube');

      expect(errors).toEqual([]);
    });
  });
}

test('multiple posts only where a _MULTI twin exists, and one dropdown at a time', async ({
  page,
}) => {
  await page.goto('/en/buy-instagram-views/');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await expect(form.getByRole('button', { name: 'Several posts' })).toBeVisible();
  await form.getByRole('button', { name: 'Several posts' }).click();
  await form
    .getByLabel(/Links, one per line/)
    .fill('https://www.instagram.com/reel/C8xYz12AbCd/\nhttps://www.instagram.com/p/C9aaaaaaaaa/');
  // two links × 1 000 views at the 1 000 tier: 2 × $4.49 → 2 000 × 0.449¢
  await expect(form.getByTestId('order-cost')).toHaveText('$8.98');

  // the views type holds three services: the service dropdown, and the header's close it
  const service = form.getByRole('button', { name: /^Service/ });
  await service.click();
  await expect(service).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Currency' }).click();
  await expect(service).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('dropdown-backdrop').click();
  await service.click();
  await form.getByRole('button', { name: /Instagram story views/ }).click();
  await expect(form.getByRole('button', { name: 'Several posts' })).toHaveCount(0);
  await expect(form.getByLabel('Username, profile or story link')).toBeVisible();
});

test('a package card puts its service and quantity into the form', async ({ page }) => {
  await page.goto('/en/buy-vk-friends/');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form.getByRole('button', { name: 'TikTok' }).click();
  const packages = page.getByRole('list', { name: 'Popular packages' });
  // VK friends: the followers prices × 1.5; 5 000 at $59.99
  await packages.getByRole('button', { name: /^5,000/ }).click();
  await expect(form.getByRole('button', { name: 'VK' })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByRole('button', { name: 'Friends', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(form.getByRole('button', { name: '5,000', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(form.getByTestId('order-cost')).toHaveText('$59.99');
});

test('a platform page lists its services with prices that follow the currency', async ({
  page,
}) => {
  await page.goto('/en/youtube/');
  await hydrated(page);
  const likes = page.locator('#services').getByRole('link', { name: /YouTube likes/ });
  // YouTube likes are priced at twice the Instagram likes: from 100 at $1.98
  await expect(likes).toContainText('from $1.98');
  // the cards are the server's markup until the sections' own code has come: never blank
  await page.evaluate(() => {
    const seen = { blank: false };
    Object.assign(window, { sectionsSeen: seen });
    // React hides a region that suspends again (display: none) or replaces it
    new MutationObserver(() => {
      const now = document.querySelector('[data-kept^="landing-sections."]');
      if (!now?.querySelector('#services a') || !now.checkVisibility()) seen.blank = true;
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Currency' }).click();
  await page.getByRole('button', { name: /RUB/ }).click();
  await expect(likes).toContainText(/from (₽|RUB)\s?38/);
  expect(
    await page.evaluate(
      () => (window as { sectionsSeen?: { blank: boolean } }).sectionsSeen?.blank,
    ),
  ).toBe(false);
  // and the form: 1 000 likes at 370 ₽
  await expect(page.getByTestId('order-cost')).toContainText('370');
});

test('screenshots of a service page with its order form in ru and en', async ({ browser }) => {
  for (const [name, viewport, isMobile] of [
    ['desktop', { width: 1440, height: 900 }, false],
    ['phone', { width: 375, height: 812 }, true],
  ] as const) {
    const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile });
    const page = await context.newPage();
    for (const [locale, path] of [
      ['ru', '/uslugi/lajki-v-instagram/'],
      ['en', '/en/buy-instagram-likes/'],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByTestId('order-cost')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/order-${locale}-${name}.png` });
    }
    await context.close();
  }
});

test('a rouble buyer outside Russia is offered the card in dollars or euros', async ({ page }) => {
  // the test server sees a loopback address: not Russia, so the Russian card is not offered
  await page.goto('/uslugi/lajki-v-instagram/');
  await hydrated(page);
  const form = page.getByTestId('order-form');
  await form.getByRole('button', { name: 'Выберите способ оплаты' }).click();
  const methods = form.locator('#order-methods');
  await expect(methods.getByTestId('card-abroad')).toBeVisible();
  await expect(methods.locator('[data-method="card_world"]')).toHaveCount(0);
  await methods.getByRole('button', { name: 'Оплатить в USD' }).click();
  await expect(form.getByTestId('order-cost')).toContainText('$');
  await expect(methods.locator('[data-method="card_world"]')).toBeVisible();
  await expect(methods.getByTestId('card-abroad')).toHaveCount(0);
});
