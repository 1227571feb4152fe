import type { ComponentType } from 'react';
import { staffRouteLoader } from '../../features/staff/staff-route.loader.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { StaffAuditPage } from './audit/staff-audit.tsx';
import { StaffHomePage } from './home/staff-home.tsx';
import { StaffOrderPage } from './orders/staff-order.tsx';
import { StaffOrdersPage } from './orders/staff-orders.tsx';
import { StaffUserPage } from './users/staff-user.tsx';
import { StaffUsersPage } from './users/staff-users.tsx';

/** Every staff page's loader: the site's 404 for accounts without a staff role. */
export const routeLoader = staffRouteLoader;

const SCREENS: Record<string, ComponentType> = {
  staff: StaffHomePage,
  'staff-orders': StaffOrdersPage,
  'staff-order': StaffOrderPage,
  'staff-users': StaffUsersPage,
  'staff-user': StaffUserPage,
  'staff-audit': StaffAuditPage,
};

/**
 * The staff console's screens (issue 33), one chunk for all of them: the route table's entry
 * (which every landing loads) names one view, not six; the page's id picks the screen.
 */
export default function StaffPage() {
  const Screen = SCREENS[useRouteHandle().pageId] ?? StaffHomePage;
  return <Screen />;
}
