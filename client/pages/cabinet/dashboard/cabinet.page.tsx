import { lazy, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { HydrationBoundary } from '#client/components/hydration-boundary/hydration-boundary.tsx';
import { pickInto } from '#client/features/order-form/order-form.choice.ts';
import { ORDER_FORM_ID } from '#client/features/order-form/order-form.tsx';
import { orderCardAction } from '#client/features/orders/orders.api.ts';
import { selectUser } from '#client/features/session/session.slice.ts';
import { PageMeta } from '#client/layouts/parts/page-meta.tsx';
import { useLocalePath } from '#client/lib/locale.ts';
import { formatMoney } from '#client/lib/money.ts';
import { apiOf } from '#client/lib/route-api.ts';
import type { CatalogPlatform } from '#shared/catalog.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import { part, usePart } from '../cabinet-data.ts';
import { CabinetOrderForm } from './cabinet-order-form.tsx';
import styles from './dashboard.module.css';

/** `INSTAGRAM_AUTO_LIKES` → instagram (FAKE_… → fake for staff). */
function platformOfTag(tag: string): CatalogPlatform | null {
  const prefix = tag.split('_')[0]?.toLowerCase() ?? '';
  if (prefix === 'fake') return 'fake';
  return (PLATFORMS as readonly string[]).includes(prefix) ? (prefix as CatalogPlatform) : null;
}

/** How many of the last orders the dashboard shows. */
const SHOWN = 5;

/**
 * The last orders, below the form: their cards' code (client/features/orders/order-card.tsx)
 * is a part of its own that loads after the page's first paint, not with it; the server
 * renders them, and React hydrates them once it is there.
 */
const RecentOrders = lazy(() =>
  import('./recent-orders.tsx').then((module) => ({ default: module.RecentOrders })),
);

/** The discount level's way to the next one, and the last orders. */
export async function dashboardLoader({ request, context }: LoaderFunctionArgs) {
  const api = apiOf(context);
  const [statuses, recent] = await Promise.all([
    part(request, api('GET user/premium_statuses')),
    part(request, api('GET c_orders', { query: { limit: String(SHOWN), page: '1' } })),
  ]);
  return { statuses, recent };
}

/**
 * /cp/: the cabinet's new order (CLIENT_LK services, prices per the user's level, paid from
 * the balance first) with the chosen service's facts beside it; below, the balance, the
 * discount level and the last orders.
 */
export default function DashboardPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const user = useSelector(selectUser);
  const [params] = useSearchParams();
  const currency: Currency = user && isCurrency(user.cur) ? user.cur : 'RUB';
  const loaded = useLoaderData<typeof dashboardLoader>();
  const statuses = usePart(loaded.statuses);

  // /cp/?service=TAG (from the price list): that service in the form
  const asked = params.get('service');
  useEffect(() => {
    if (!asked || !/^[A-Z0-9_]{1,64}$/.test(asked)) return;
    const platform = platformOfTag(asked);
    if (!platform) return;
    pickInto(ORDER_FORM_ID, { platform, service: asked });
  }, [asked]);

  return (
    <div className={styles.dashboard}>
      <PageMeta title={intl.formatMessage({ id: 'cp.dashboard.title' })} noindex />
      <h1 className={styles.title}>
        <FormattedMessage id="cp.newOrder" />
      </h1>
      <CabinetOrderForm />

      {user && (
        <section className={styles.summary} aria-label={intl.formatMessage({ id: 'cp.summary' })}>
          <div className={styles.card}>
            <span className={styles.caption}>
              <FormattedMessage id="cp.balance" />
            </span>
            <strong className={styles.figure} data-testid="dashboard-balance">
              {formatMoney(intl, user.balance, currency)}
            </strong>
            <Link to={to('cp-payment')} className={button('secondary')}>
              <FormattedMessage id="cp.topUp" />
            </Link>
          </div>
          <div className={styles.card}>
            <span className={styles.caption}>
              <FormattedMessage id="cp.discountLevel" />
            </span>
            <strong className={styles.figure}>
              <FormattedMessage id="cp.level" values={{ level: user.discountLevel }} />
            </strong>
            {statuses.data?.next ? (
              <span className={styles.caption} data-testid="dashboard-next-level">
                <FormattedMessage
                  id="cp.levelNext"
                  values={{
                    level: statuses.data.next.level,
                    left: formatMoney(intl, statuses.data.next.left, statuses.data.currency),
                  }}
                />
              </span>
            ) : null}
            <Link to={to('cp-price')} className={styles.more}>
              <FormattedMessage id="cp.levelMore" />
            </Link>
          </div>
        </section>
      )}

      <section className={styles.recent} aria-labelledby="recent-orders">
        <div className={styles.recentHead}>
          <h2 id="recent-orders" className={styles.subtitle}>
            <FormattedMessage id="cp.recentOrders" />
          </h2>
          <Link to={to('cp-orders')} className={styles.more}>
            <FormattedMessage id="cp.allOrders" />
          </Link>
        </div>
        <HydrationBoundary>
          <RecentOrders recent={loaded.recent} />
        </HydrationBoundary>
      </section>
    </div>
  );
}

/** The route's loader and action (the cards' cancel and refill), in this screen's chunk. */
export const routeLoader = () => dashboardLoader;
export const routeAction = () => orderCardAction;
