import { expect, type Page, test } from '@playwright/test';
import { openDatabase } from '#server/db/database.ts';
import type { Locale } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { E2E_DATABASE } from '../../playwright.config.ts';
import { hydrated } from './support.ts';

/**
 * A service page's figures of the last 30 days (docs/api.md): Instagram likes with enough
 * buyers' orders shows each figure beside the catalogue's promise, YouTube likes with a few
 * says there are not enough yet; in Russian, English and German, at 1440 and 320 px.
 *
 * The orders are written into the e2e server's database as a shop would have them (paid,
 * started, completed, one partial), and the server's own worker works the figures out
 * (SERVICE_STATS_EVERY_MS is a minute there): the test waits for its next round.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function seedOrders(tag: string, count: number) {
  const { db, close } = await openDatabase({ file: E2E_DATABASE });
  try {
    const service = await db
      .selectFrom('services')
      .select('id')
      .where('tag', '=', tag)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    for (let i = 1; i <= count; i += 1) {
      const paid = now - i * 3 * HOUR;
      // every 10th ends partial; starts 5…29 min after payment, 1 000 units in 40…160 min
      const status = i % 10 === 0 ? 'PARTIAL' : 'COMPLETED';
      const started = paid + (5 + (i % 25)) * MINUTE;
      const ended = started + (40 + (i % 13) * 10) * MINUTE;
      const row = await db
        .insertInto('orders')
        .values({
          public_id: `figures${tag.toLowerCase()}${now}${i}`.slice(0, 40),
          user_id: null,
          email: 'figures@example.com',
          parent_id: null,
          service_id: service.id,
          tag,
          client: 'CLIENT_MAIN',
          link: 'https://www.instagram.com/p/C8xYz12AbCd/',
          quantity: 1000,
          posts: null,
          count: 1000,
          currency: 'USD',
          cost: 500,
          discount: 0,
          method_id: 2,
          payment_id: null,
          status,
          region_value: null,
          lang: 'en',
          start_count: 120,
          remains: status === 'PARTIAL' ? 300 : 0,
          provider_order_id: null,
          refunded: status === 'PARTIAL' ? 150 : 0,
          test: 0,
          created_at: iso(paid - MINUTE),
          updated_at: iso(ended),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_events')
        .values(
          (
            [
              ['CREATED', paid - MINUTE],
              ['PAID', paid],
              ['RUNNING', started],
              [status, ended],
            ] as const
          ).map(([event, at]) => ({
            order_id: row.id,
            status: event,
            note: null,
            created_at: iso(at),
          })),
        )
        .execute();
    }
  } finally {
    await close();
  }
}

const LOCALES: Locale[] = ['ru', 'en', 'de'];
const NOT_ENOUGH: Record<string, string> = {
  ru: 'Пока мало заказов',
  en: 'Not enough orders yet',
  de: 'Noch nicht genug Bestellungen',
};
const PROMISE: Record<string, string> = {
  ru: 'Обещание каталога',
  en: "The catalogue's promise",
  de: 'Das Versprechen des Katalogs',
};

// the page cache keeps an anonymous page a minute: an address of this test's own is rendered
const fresh = (path: string) => `${path}?figures=1`;

async function block(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 740 });
  await page.goto(fresh(path));
  await hydrated(page);
  const figures = page.getByTestId('service-figures');
  await figures.scrollIntoViewIfNeeded();
  await expect(figures).toBeVisible();
  // nothing of the block, nor the page, runs out sideways
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  const box = await figures.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  return figures;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  await seedOrders('INSTAGRAM_LIKES', 24);
  await seedOrders('YOUTUBE_LIKES', 3);
  // the server's worker works them out on its next round (at most a minute from now)
  await expect
    .poll(
      async () => {
        const answer = await request.get(
          '/api/user_services/tiny?labels=CLIENT_MAIN+VISIBLE&platform=instagram&lang=en',
        );
        const services = (await answer.json()).data as {
          tag: string;
          stats?: { orders_30d: number; completion_rate: number | null };
        }[];
        return services.find((entry) => entry.tag === 'INSTAGRAM_LIKES')?.stats?.completion_rate;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .not.toBeNull();
});

for (const locale of LOCALES)
  test(`a service page shows its figures and the catalogue's promise (${locale})`, async ({
    page,
  }) => {
    for (const width of [1440, 320]) {
      const figures = await block(page, pagePath('service:instagram-likes', locale), width);
      const lines = figures.getByTestId('service-figures-measured').getByRole('listitem');
      await expect(lines).toHaveCount(4);
      // the numbers in the page's own format: "1 000" in Russian, "1,000" English, "1.000" German
      const thousand = new Intl.NumberFormat(locale).format(1000);
      await expect(lines.nth(1)).toContainText(thousand);
      await expect(figures).not.toContainText(NOT_ENOUGH[locale]!);
      await expect(figures.getByTestId('service-figures-promise')).toContainText(PROMISE[locale]!);
      if (locale !== 'de')
        await figures.screenshot({ path: `screenshots/service-figures-${locale}-${width}.png` });
    }
  });

for (const locale of LOCALES)
  test(`a service with too few orders says so (${locale})`, async ({ page }) => {
    for (const width of [1440, 320]) {
      const figures = await block(page, pagePath('service:youtube-likes', locale), width);
      await expect(figures.getByTestId('service-figures-measured')).toContainText(
        NOT_ENOUGH[locale]!,
      );
      await expect(figures.getByTestId('service-figures-measured').getByRole('list')).toHaveCount(
        0,
      );
      await expect(figures.getByTestId('service-figures-promise')).toContainText(PROMISE[locale]!);
      if (locale !== 'de')
        await figures.screenshot({
          path: `screenshots/service-figures-few-${locale}-${width}.png`,
        });
    }
  });
