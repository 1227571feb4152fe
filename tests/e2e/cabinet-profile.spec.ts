import { expect, type Page, test } from '@playwright/test';
import { hydrated, signUp } from './support.ts';

/**
 * /cp/profile/ as a customer: sign up in Russian, switch the account to German from the
 * profile (the page comes back in German), change the password (a wrong current one is
 * refused beside its field), log out and in with the new one, and ask to delete the account.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = 'screenshots';
const WIDTHS = [1440, 375, 320] as const;

/** The page at each width, full length, with no sideways scrolling. */
async function shoot(page: Page, locale: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 740 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width}px (${locale})`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/cp-profile-${locale}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('profile: language to German, a new password, log in with it, and a deletion request', async ({
  page,
}) => {
  const email = `profile.${stamp}@example.com`;
  const login = `profile${stamp}`;

  await page.goto('/signup/');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Логин', { exact: true }).fill(login);
  await page.getByLabel('Пароль', { exact: true }).fill('first password 1');
  await page.getByLabel('Повторите пароль').fill('first password 1');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL(/\/cp\/$/);

  await page.goto('/cp/profile/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(page.getByLabel('Логин', { exact: true })).toHaveValue(login);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  // nothing changed yet: nothing to save
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save.first()).toBeDisabled();
  await shoot(page, 'ru');

  // a new e-mail asks for the password; a login of the wrong shape never reaches the API
  const account = page.getByRole('region', { name: 'Аккаунт' });
  await account.getByLabel('Логин', { exact: true }).fill('bad..login');
  await account.getByLabel('E-mail').fill(`moved.${stamp}@example.com`);
  await expect(account.getByLabel('Текущий пароль')).toBeVisible();
  await account.getByRole('button', { name: 'Сохранить' }).click();
  await expect(account.getByText('Логин может содержать')).toBeVisible();
  await account.getByLabel('Логин', { exact: true }).fill(`${login}.new`);
  await account.getByLabel('Текущий пароль').fill('not my password');
  await account.getByRole('button', { name: 'Сохранить' }).click();
  await expect(account.getByText('Неверный пароль')).toBeVisible();
  await account.getByLabel('Текущий пароль').fill('first password 1');
  await account.getByRole('button', { name: 'Сохранить' }).click();
  await expect(account.getByRole('status')).toHaveText('Изменения сохранены');
  await expect(account.getByLabel('E-mail')).toHaveValue(`moved.${stamp}@example.com`);
  await expect(account.getByLabel('Текущий пароль')).toHaveCount(0);

  // the account's language: the page comes back in German
  const preferences = page.getByRole('region', { name: 'Язык и валюта' });
  await preferences.getByRole('combobox', { name: 'Язык' }).selectOption('de');
  await preferences.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/de\/cp\/profile\/$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.getByRole('combobox', { name: 'Kontowährung' })).toBeEnabled();
  await shoot(page, 'de');

  // the password: a wrong current one is refused beside its field
  const password = page.getByRole('region', { name: 'Passwort' });
  await password.getByLabel('Aktuelles Passwort').fill('not my password');
  await password.getByLabel('Neues Passwort').fill('second password 2');
  await password.getByLabel('Passwort wiederholen').fill('second password 2');
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(password.getByText('Das Passwort ist falsch')).toBeVisible();
  await password.getByLabel('Aktuelles Passwort').fill('first password 1');
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(password.getByRole('status')).toContainText('Passwort geändert');
  await expect(password.getByLabel('Neues Passwort')).toHaveValue('');
  // this session goes on
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();

  await hydrated(page);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/de\/$/);
  await page.goto('/de/login/');
  await hydrated(page);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(`${login}.new`);
  await page.getByLabel('Passwort').fill('first password 1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Benutzername oder Passwort ist falsch')).toBeVisible();
  await page.getByLabel('Passwort').fill('second password 2');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/de\/cp\/$/);

  // the danger zone: a confirmation step, then the request is recorded and the session ends
  await page.goto('/de/cp/profile/');
  await hydrated(page);
  const danger = page.getByRole('region', { name: 'Konto löschen' });
  await danger.getByRole('button', { name: 'Mein Konto löschen' }).click();
  await danger.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(danger.getByRole('button', { name: 'Ja, mein Konto löschen' })).toHaveCount(0);
  await danger.getByRole('button', { name: 'Mein Konto löschen' }).click();
  await danger.getByLabel('Warum verlassen Sie uns? (optional)').fill('Just testing');
  await danger.getByRole('button', { name: 'Ja, mein Konto löschen' }).click();
  // the API asks for the password: its answer stands beside the field, in German
  await expect(danger.getByText('Bitte geben Sie Ihr Passwort ein')).toBeVisible();
  await danger.getByLabel('Aktuelles Passwort').fill('second password 2');
  await danger.getByRole('button', { name: 'Ja, mein Konto löschen' }).click();
  await expect(page.getByRole('status')).toContainText('Antrag auf Löschung des Kontos erhalten');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/cp-profile-de-deleted-375.png`, fullPage: true });
  await page.goto('/de/cp/profile/');
  await expect(page).toHaveURL(/\/de\/login\//);
});

test('profile: with money on the balance the currency and the deletion are locked, and say why', async ({
  page,
}) => {
  const login = `rich${stamp}`;
  await signUp(page, { login, lang: 'ru', cur: 'RUB' });
  // 500 ₽ through the sandbox gateway (SberPay: RUB, every country, no agreement box)
  const deposit = await page.request.post('/api/deposit', { data: { amount: 50_000, method: 3 } });
  expect(deposit.status()).toBe(201);
  await page.goto(new URL((await deposit.json()).data.redirect).pathname);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(/\/thanks\//);

  for (const [prefix, locale, currencyLabel, note, deleteLabel] of [
    [
      '',
      'ru',
      'Валюта аккаунта',
      'Валюту можно сменить только при нулевом балансе',
      'Удалить аккаунт',
    ],
    ['/de', 'de', 'Kontowährung', 'nur bei einem Guthaben von null', 'Mein Konto löschen'],
  ] as const) {
    await page.goto(`${prefix}/cp/profile/`);
    await hydrated(page);
    const currency = page.getByRole('combobox', { name: currencyLabel });
    await expect(currency).toBeDisabled();
    await expect(page.getByText(note)).toContainText('500');
    await expect(page.getByRole('button', { name: deleteLabel })).toBeDisabled();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({
      path: `${SHOTS}/cp-profile-${locale}-balance-375.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});
