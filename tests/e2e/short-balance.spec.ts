import { expect, test } from '@playwright/test';
import { answerSandbox, hydrated } from './support.ts';

/**
 * a cabinet order the balance does not cover offers one choice (top up what is
 * missing, or pay the order by another method), one method picker and one button. The buyer
 * tops up the missing amount in the sandbox, comes back to the form as it was and pays from
 * the balance.
 */
const IG_POST = 'https://www.instagram.com/p/C8xYz12AbCd/';

test('a short balance: top up the missing amount, come back, pay from the balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = `sb${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await page.goto('/en/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(`${stamp}@example.com`);
  await page.getByLabel('Login', { exact: true }).fill(stamp);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Repeat the password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
  await hydrated(page);

  const form = page.getByTestId('order-form');
  await form.getByLabel('Link to the post').fill(IG_POST);
  await form.getByRole('button', { name: '100', exact: true }).click();
  await expect(form.getByTestId('order-cost')).toHaveText(/\d/);

  // one choice, the top-up first; one button
  const choice = form.getByRole('radiogroup', { name: /short for this order/ });
  await expect(choice.getByRole('radio', { name: /^Top up \$[\d.]+ and pay/ })).toBeChecked();
  const submit = form.locator('button[type="submit"]');
  await expect(
    form.locator('button[type="submit"], [data-testid="short-balance"] button'),
  ).toHaveCount(1);
  await choice.getByRole('radio', { name: /^Pay the whole/ }).check();
  await expect(submit).toHaveText(/^Pay \$/);
  await choice.getByRole('radio', { name: /^Top up \$[\d.]+ and pay/ }).check();
  await expect(submit).toHaveText(/^Top up \$/);

  await form.locator('[data-method="card_world"] input').check();
  const agreement = form.getByRole('checkbox');
  if (await agreement.count()) await agreement.check();
  await submit.click();

  // the sandbox's checkout, then the top-up's thanks page, then back to the order
  await answerSandbox(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your balance is topped up');
  await hydrated(page);
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/en\/cp\/$/);
  await hydrated(page);
  await expect(form.getByLabel('Link to the post')).toHaveValue(IG_POST);
  await expect(form.locator('[data-method="balance"] input')).toBeChecked();
  await expect(form.getByTestId('short-balance')).toHaveCount(0);
  await expect(submit).toHaveText(/^Pay \$/);
  await submit.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for your order');
});
