import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_OUTBOX } from '../../playwright.config.ts';

/** Shared steps of the browser suites. */

/**
 * The sandbox gateway's checkout answers: once the browser is on it (the order form's own
 * button, "Pay $6.99", would match "Pay" too while the form still submits), its button by its
 * exact name.
 */
export async function answerSandbox(
  page: Page,
  answer: 'Pay' | 'Decline' | 'Leave pending' = 'Pay',
): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: answer, exact: true }).click();
}

/**
 * The page has hydrated (the client entry sets the flag once every part of the page has and
 * the store has started).
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

export const SHOT_WIDTHS = [1440, 375, 320] as const;

/**
 * Full-length screenshots into screenshots/ at 1440, 375 and 320 px, each checked for
 * sideways scrolling of the page (and of the cabinet page's column, when there is one).
 */
export async function shoot(page: Page, name: string): Promise<void> {
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 740 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width}px (${name})`).toBeLessThanOrEqual(0);
    const column = page.getByTestId('cp-page');
    if (await column.count()) {
      const inner = await column.evaluate((root) => root.scrollWidth - root.clientWidth);
      expect(inner, `the page's column overflows at ${width}px (${name})`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * A new account made through the API in the page's browser context, which the session cookie
 * then signs in (for journeys that start inside the cabinet).
 */
export async function signUp(
  page: Page,
  { login, lang, cur }: { login: string; lang: string; cur: string },
): Promise<void> {
  const response = await page.request.post('/api/register', {
    data: {
      email: `${login}@example.com`,
      login,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      lang,
      cur,
    },
  });
  expect(response.status()).toBe(201);
}

/**
 * The newest mail to an address, from the server's outbox folder, once it is there; its
 * quoted-printable soft line breaks joined, so a link in it reads whole.
 */
export async function mailTo(address: string): Promise<string> {
  const newest = () => {
    // the folder appears with the first mail
    const files = existsSync(E2E_OUTBOX) ? readdirSync(E2E_OUTBOX).sort().reverse() : [];
    for (const file of files) {
      const text = readFileSync(path.join(E2E_OUTBOX, file), 'utf8');
      if (text.includes(`To: ${address}`)) return text.replace(/=\r?\n/g, '');
    }
    return '';
  };
  await expect
    .poll(newest, { message: `a mail to ${address}`, timeout: 10_000, intervals: [100] })
    .not.toBe('');
  return newest();
}
