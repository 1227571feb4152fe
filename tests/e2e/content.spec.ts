import { expect, test } from '@playwright/test';
import { hydrated, shoot } from './support.ts';

/**
 * The content a visitor reads: the blog's topics and most read, an article with
 * its reading time and a way to the service it speaks of, and a legal page whose contents
 * lead to its sections, with the other regions' editions. Russian and English; screenshots
 * at 1440, 375 and 320 px.
 */
test('a reader goes from the blog to an article and on to the service', async ({ page }) => {
  await page.goto('/blog/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Блог');
  await expect(page.getByTestId('featured').getByTestId('article-card')).toHaveCount(3);
  await shoot(page, 'blog-ru');
  // a topic narrows the list and is kept in the address
  await page.getByRole('link', { name: 'TikTok', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog\/\?tag=tiktok$/);
  const cards = page.getByTestId('articles').getByTestId('article-card');
  await expect(cards.first()).toContainText('TikTok');
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/мин чтения/).first()).toBeVisible();
  await expect(page.getByTestId('article-text').locator('h2').first()).toBeVisible();
  // on to the service the article speaks of
  const cta = page.getByRole('link', { name: /^Перейти: / });
  await expect(cta).toBeVisible();
  await cta.click();
  await expect(page).toHaveURL(/\/uslugi\/[a-z-]+\/$/);
  await hydrated(page);
  await expect(page.locator('form').first()).toBeVisible();
});

test('an English article, its structured data and the way back to the blog', async ({ page }) => {
  await page.goto('/en/blog/why-your-profile-must-be-public/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('public');
  // Instagram is marked, and the note under the article says why
  await expect(page.getByTestId('article-text')).toContainText('Instagram*');
  await expect(page.getByText(/Meta Platforms Inc\./).first()).toBeVisible();
  const data = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? '{}')['@type']));
  expect(data).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
  await shoot(page, 'article-en');
  await page.getByRole('link', { name: 'All articles' }).click();
  await expect(page).toHaveURL(/\/en\/blog\/$/);
  await shoot(page, 'blog-en');
});

test('a legal page: the contents lead to sections, other editions are one click away', async ({
  page,
}) => {
  await page.goto('/public-agreement/ru/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/оферт/i);
  const contents = page.getByRole('navigation', { name: 'Содержание' });
  const entries = contents.getByRole('link');
  expect(await entries.count()).toBeGreaterThanOrEqual(8);
  await entries.nth(3).click();
  await expect(page).toHaveURL(/#4-/);
  await shoot(page, 'legal-ru');
  await page.getByRole('link', { name: 'другие страны' }).click();
  await expect(page).toHaveURL(/\/public-agreement\/world\/$/);
  await expect(page.getByTestId('legal-text')).toContainText('GDPR');
  // in German: the world edition exists in German; the Russian one stands in English, with a note
  await page.goto('/de/private-policy/world/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
  await expect(page.getByRole('note')).toHaveCount(0);
  await page.goto('/en/refund-policy/world/');
  await hydrated(page);
  await shoot(page, 'legal-en');
  await page.goto('/de/refund-policy/ru/');
  await hydrated(page);
  await expect(page.getByRole('note')).toBeVisible();
});
