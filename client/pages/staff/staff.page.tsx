import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageDef } from '#shared/routes.ts';
import type { Capability } from '#shared/staff-permissions.ts';
import { HydrationBoundary } from '../../components/hydration-boundary/hydration-boundary.tsx';
import {
  staffRouteAction,
  staffShouldRevalidate,
} from '../../features/staff/staff-route.action.ts';
import { staffRouteLoader } from '../../features/staff/staff-route.loader.ts';
import { StaffScreenCapability } from '../../features/staff/staff-screen-capability.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { SEARCHED_BY, STAFF_READS } from './staff-reads.ts';
// the console's stylesheet is the view's (its lazy screens' CSS is in it: build/entry-css.ts)
import './staff.module.css';

/**
 * Every staff page's loader: the site's 404 for accounts without a staff role; the console's
 * session, and the screen's data (staff-reads.ts) once the console is open to it.
 */
export const routeLoader = (def: PageDef) =>
  staffRouteLoader(SCREENS[def.id]?.[1] ?? null, STAFF_READS[def.id as keyof typeof STAFF_READS]);

/** Every staff page's action: the console's writes (its screens' fetchers). */
export const routeAction = staffRouteAction;
export const routeShouldRevalidate = (def: PageDef) =>
  staffShouldRevalidate(SEARCHED_BY[def.id] ?? []);

type Screen = LazyExoticComponent<ComponentType>;
const screen = (load: () => Promise<ComponentType>): Screen =>
  lazy(() => load().then((Component) => ({ default: Component })));

/**
 * Each screen is a lazy part of the staff chunk: the route table's entry names one
 * view, and a screen's code loads when its page opens, so neither the landing's nor the
 * cabinet's first visit carries any of it, and the console's own first page only its screen.
 * Beside each, the capability its page needs (shared/staff-permissions.ts): without it the
 * frame says "not allowed" and the screen calls nothing (the dashboard's page decides itself).
 */
const SCREENS: Record<string, [Screen, Capability | null]> = {
  staff: [screen(() => import('./home/staff-home.tsx').then((m) => m.StaffHomePage)), null],
  'staff-orders': [
    screen(() => import('./orders/staff-orders.tsx').then((m) => m.StaffOrdersPage)),
    'orders',
  ],
  'staff-order': [
    screen(() => import('./orders/staff-order.tsx').then((m) => m.StaffOrderPage)),
    'orders',
  ],
  'staff-users': [
    screen(() => import('./users/staff-users.tsx').then((m) => m.StaffUsersPage)),
    'users',
  ],
  'staff-user': [
    screen(() => import('./users/staff-user.tsx').then((m) => m.StaffUserPage)),
    'users',
  ],
  'staff-adjustments': [
    screen(() => import('./users/staff-adjustments.tsx').then((m) => m.StaffAdjustmentsPage)),
    'users',
  ],
  'staff-audit': [
    screen(() => import('./audit/staff-audit.tsx').then((m) => m.StaffAuditPage)),
    'audit',
  ],
  'staff-services': [
    screen(() => import('./catalogue/staff-services.tsx').then((m) => m.StaffServicesPage)),
    'catalogue',
  ],
  'staff-service': [
    screen(() => import('./catalogue/staff-service.tsx').then((m) => m.StaffServicePage)),
    'catalogue',
  ],
  'staff-price': [
    screen(() => import('./catalogue/staff-prices.tsx').then((m) => m.StaffPricesPage)),
    'prices',
  ],
  'staff-providers': [
    screen(() => import('./catalogue/staff-providers.tsx').then((m) => m.StaffProvidersPage)),
    'providers',
  ],
  'staff-import': [
    screen(() => import('./catalogue/staff-import.tsx').then((m) => m.StaffImportPage)),
    'catalogue',
  ],
  'staff-payments': [
    screen(() => import('./money/staff-payments.tsx').then((m) => m.StaffPaymentsPage)),
    'payments',
  ],
  'staff-payment': [
    screen(() => import('./money/staff-payment.tsx').then((m) => m.StaffPaymentPage)),
    'payments',
  ],
  'staff-withdrawals': [
    screen(() => import('./money/staff-withdrawals.tsx').then((m) => m.StaffWithdrawalsPage)),
    'withdrawals',
  ],
  'staff-articles': [
    screen(() => import('./content/staff-articles.tsx').then((m) => m.StaffArticlesPage)),
    'content',
  ],
  'staff-article': [
    screen(() => import('./content/staff-article.tsx').then((m) => m.StaffArticlePage)),
    'content',
  ],
  'staff-landing-copy': [
    screen(() => import('./content/staff-landing-copy.tsx').then((m) => m.StaffLandingCopyPage)),
    'content',
  ],
};

/**
 * The staff console's screens: the page's id picks the screen. Its boundary is a
 * hydration region (components/hydration-boundary): the page counts as hydrated once the
 * screen's part has loaded and hydrated.
 */
export default function StaffPage() {
  const [Screen, capability] = SCREENS[useRouteHandle().pageId] ?? SCREENS.staff!;
  return (
    <HydrationBoundary>
      <StaffScreenCapability.Provider value={capability}>
        <Screen />
      </StaffScreenCapability.Provider>
    </HydrationBoundary>
  );
}
