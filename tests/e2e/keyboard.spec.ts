import { expect, test } from '@playwright/test';
import { adminIn } from './staff-support.ts';
import { hydrated } from './support.ts';

/**
 * The keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3): a menu opened from the header closes on
 * Escape with the focus back on its toggle, and closes when the focus leaves it; the order
 * form's methods panel folds on Escape the same way; a form refused on submit puts the focus
 * on its first field at fault.
 */
test('header menus and the methods panel give the focus back on Escape, and menus close when left', async ({
  page,
}) => {
  await page.goto('/en/');
  await hydrated(page);
  for (const name of [/^Currency/, /^Language/, 'Instagram']) {
    const toggle = page.getByRole('banner').getByRole('button', { name }).first();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  }
  // leaving the currency menu backwards closes it
  const currency = page.getByRole('button', { name: /^Currency/ });
  await currency.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(currency).toHaveAttribute('aria-expanded', 'false');

  const toggle = page
    .getByTestId('order-form')
    .getByRole('button', { name: 'Choose a payment method' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('a refused sign-in or sign-up puts the focus on its first field at fault', async ({
  page,
}) => {
  await page.goto('/en/login/');
  await hydrated(page);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Login or e-mail')).toBeFocused();

  await page.goto('/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`keys${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  // the e-mail is fine: the login is the first at fault
  await expect(page.getByLabel('Логин', { exact: true })).toBeFocused();
  await page.getByLabel('Логин', { exact: true }).fill(`keys${Date.now().toString(36)}`);
  await page.getByLabel('Пароль', { exact: true }).fill('a long password 1');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  // the empty repetition says it is required, and has the focus
  const repeat = page.getByLabel(/^Повторите пароль/);
  await expect(repeat).toBeFocused();
  await expect(page.getByText('Это поле обязательно для заполнения').first()).toBeVisible();
});

test.describe('the staff console at 200 % zoom', () => {
  test('the prices page does not scroll sideways at 640 px', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 640, height: 800 } });
    await adminIn(context.request, `zoom${Date.now().toString(36)}`);
    const page = await context.newPage();
    for (const prefix of ['', '/en']) {
      await page.goto(`${prefix}/staff/prices/INSTAGRAM_LIKES/`);
      await hydrated(page);
      await expect(page.getByTestId('staff-tiers-CLIENT_MAIN-USD')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([prefix, overflow]).toEqual([prefix, 0]);
      await page.screenshot({
        path: `screenshots/staff-prices-640${prefix.replace('/', '-')}.png`,
      });
    }
    await context.close();
  });
});
