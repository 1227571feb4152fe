import type { Db } from '#server/db/database.ts';
import { DAY_MS } from '#shared/constants.ts';
import type { StaffDashboard } from '#shared/staff.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import { ledger } from '../../ledger/ledger.service.ts';
import type { OrdersService } from '../../orders/orders.service.ts';
import { staffUserReads } from '../../users/users.service.ts';
import { performanceOf } from './staff-performance.ts';

/** Days the dashboard's charts cover, today included. */
const DAYS = 30;

export type StaffDashboardService = ReturnType<typeof createStaffDashboard>;

/**
 * The staff dashboard: orders paid, revenue, refunds and new accounts per UTC day
 * over 30 days and today, orders by status, the stuck ones, and how each service and provider
 * performed (the worker's figures of the last 30 days); each module counts its own.
 */
export function createStaffDashboard({
  db,
  orders,
  catalog,
  quietMs,
  now = () => new Date(),
}: {
  db: Db;
  orders: OrdersService;
  /** the services as stored, with their provider mapping */
  catalog: Pick<CatalogService, 'staff'>;
  /** an order unchanged this long may be stuck (more when its service is usually slower) */
  quietMs: number;
  now?: () => Date;
}) {
  return {
    async view(): Promise<StaffDashboard> {
      const today = now().toISOString().slice(0, 10);
      const first = Date.parse(`${today}T00:00:00.000Z`) - (DAYS - 1) * DAY_MS;
      const since = new Date(first).toISOString();
      const [stats, refunds, users, lastChange, services, figures] = await Promise.all([
        orders.staff.stats(since, quietMs),
        ledger.refundsByDay(db, since),
        staffUserReads.newByDay(db, since),
        orders.staff.lastChange(),
        catalog.staff.list(),
        orders.serviceStats.byTag(),
      ]);
      const days = Array.from({ length: DAYS }, (_, index) => {
        const day = new Date(first + index * DAY_MS).toISOString().slice(0, 10);
        const paid = stats.paid.filter((row) => row.day === day);
        return {
          day,
          orders: paid.reduce((sum, row) => sum + row.orders, 0),
          revenue: Object.fromEntries(paid.map((row) => [row.currency, row.revenue])),
          refunds: Object.fromEntries(
            refunds.filter((row) => row.day === day).map((row) => [row.currency, row.amount]),
          ),
          users: users.find((row) => row.day === day)?.users ?? 0,
        };
      });
      return {
        days,
        today: days.at(-1)!,
        byStatus: stats.byStatus,
        stuck: stats.stuck,
        stuckRows: stats.stuckRows,
        lastChange,
        performance: performanceOf(services, figures),
      };
    },
  };
}
