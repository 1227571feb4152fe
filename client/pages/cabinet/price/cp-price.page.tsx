import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { navPlatforms } from '#client/layouts/parts/platform-links.ts';
import { apiOf } from '#client/lib/route-api.ts';
import { visitorOf } from '#client/lib/route-visitor.ts';
import { part, usePart } from '../cabinet-data.ts';
import { LevelCard } from './level-card.tsx';
import { LevelsTable } from './levels-table.tsx';
import styles from './price.module.css';
import { platformAsked, pricesOf, ServicePrices } from './service-prices.tsx';

/** The level and its way to the next, and the chosen platform's (`?platform=`) price list. */
export async function priceLoader({ request, context }: LoaderFunctionArgs) {
  const api = apiOf(context);
  const platforms = navPlatforms(visitorOf(context).metaRestricted);
  const platform = platformAsked(new URL(request.url).searchParams, platforms);
  const [statuses, prices] = await Promise.all([
    part(request, api('GET user/premium_statuses')),
    part(request, pricesOf(api, platform)),
  ]);
  return { statuses, prices };
}

/**
 * /cp/price/: the user's discount level and how far the next one is (user/premium_statuses),
 * the levels with their percent per group, and the cabinet prices per 100 of every service
 * of a platform, already with the user's level taken off.
 */
export default function PricePage() {
  const loaded = useLoaderData<typeof priceLoader>();
  const statuses = usePart(loaded.statuses);
  const prices = usePart(loaded.prices);
  return (
    <HeadingPage titleId="cp.price.title" leadId="cp.price.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        <LevelCard state={statuses} />
        <ServicePrices level={statuses.data?.current ?? null} prices={prices} />
        <LevelsTable statuses={statuses.data} />
      </div>
    </HeadingPage>
  );
}

/** The route's loader, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = () => priceLoader;
