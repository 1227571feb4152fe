import { type Request, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import { utcDayRange } from '../../../shared/day-range.ts';
import type { OrderStatus } from '../../../shared/orders.ts';
import type {
  StaffAdjustmentDecisionBody,
  StaffAdjustmentsQuery,
  StaffBalanceBody,
  StaffBlockBody,
  StaffLevelBody,
  StaffOrdersQuery,
  StaffPartialBody,
  StaffRolesBody,
  StaffSwitchBody,
  StaffUsersQuery,
} from '../../../shared/schemas/staff.schemas.ts';
import type { StaffOrderDetail } from '../../../shared/staff.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { StaffNote } from '../orders/staff-orders.ts';
import type { Audit } from './audit.service.ts';
import { paging } from './staff.routes.ts';
import { actorOf, type StaffActor, type staffGate } from './staff-access.ts';
import type { StaffAdjustments } from './staff-adjustments.service.ts';
import type { StaffUsers } from './staff-users.service.ts';

type Gate = ReturnType<typeof staffGate>;

/** A numeric id of the path, or a 404 in the section's words. */
function idOf(req: Request, notFound: string): number {
  const raw = String(req.params.id ?? '');
  if (!/^\d{1,10}$/.test(raw)) throw new AppError(notFound, 404);
  return Number(raw);
}

/** The audit row of a staff change, written by the change's own transaction. */
const noteBy =
  (audit: Audit, actor: StaffActor): StaffNote =>
  (trx, entry) =>
    audit.record(trx, actor, entry);

/** `/api/staff/orders…`: find orders, read one, resend, cancel with refund, mark partial. */
export function staffOrdersRoutes({
  orders,
  audit,
  callsOf,
}: {
  orders: OrdersService;
  audit: Audit;
  /** the orders' calls to their providers (fulfilment's log) */
  callsOf: (orderIds: number[]) => Promise<NonNullable<StaffOrderDetail['provider_calls']>>;
}) {
  /** An order's page with its (and its rows') provider calls. */
  const withCalls = async (detail: StaffOrderDetail): Promise<StaffOrderDetail> => ({
    ...detail,
    provider_calls: await callsOf([detail.id, ...detail.children.map((row) => row.id)]),
  });
  return (gate: Gate) => {
    const router = Router();
    router.get('/staff/orders', gate('orders'), async (req, res) => {
      const query = validate<StaffOrdersQuery>(API['GET staff/orders'].query.schema, req.query);
      const range = utcDayRange(query);
      const data = await orders.staff.list(
        {
          ...(query.q ? { q: query.q.trim() } : {}),
          ...(query.status ? { status: query.status as OrderStatus } : {}),
          ...(query.provider ? { provider: query.provider } : {}),
          ...range,
        },
        paging(query),
      );
      res.json({ status: 'success', data });
    });
    router.get('/staff/orders/:id', gate('orders'), async (req, res) => {
      res.json({
        status: 'success',
        data: await withCalls(await orders.staff.detail(idOf(req, 'Order not found'))),
      });
    });
    router.post('/staff/orders/:id/resend', gate('orders'), async (req, res) => {
      const id = idOf(req, 'Order not found');
      const data = await withCalls(await orders.staff.resend(id, noteBy(audit, actorOf(res))));
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/cancel', gate('orders'), async (req, res) => {
      const id = idOf(req, 'Order not found');
      const data = await withCalls(await orders.staff.cancel(id, noteBy(audit, actorOf(res))));
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/partial', gate('orders'), async (req, res) => {
      const { delivered } = validate<StaffPartialBody>(
        API['POST staff/orders/:id/partial'].body.schema,
        req.body,
      );
      const id = idOf(req, 'Order not found');
      const data = await withCalls(
        await orders.staff.partial(id, delivered, noteBy(audit, actorOf(res))),
      );
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/provider', gate('orders'), async (req, res) => {
      const { provider } = validate<StaffSwitchBody>(
        API['POST staff/orders/:id/provider'].body.schema,
        req.body,
      );
      const id = idOf(req, 'Order not found');
      const data = await withCalls(
        await orders.staff.switchProvider(id, provider, noteBy(audit, actorOf(res))),
      );
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/refill', gate('orders'), async (req, res) => {
      const id = idOf(req, 'Order not found');
      const data = await withCalls(await orders.staff.refill(id, noteBy(audit, actorOf(res))));
      res.json({ status: 'success', data });
    });
    return router;
  };
}

/**
 * `/api/staff/users…`: find users, read one, adjust a balance with a reason, set the
 * discount level, block or unblock, log out everywhere; roles (admins only).
 * `/api/staff/adjustments…`: moderators' adjustments (listed with `users`), decided by an
 * admin (`adjustments`).
 */
export function staffUsersRoutes({
  users,
  adjustments,
}: {
  users: StaffUsers;
  adjustments: StaffAdjustments;
}) {
  return (gate: Gate) => {
    const router = Router();
    router.get('/staff/users', gate('users'), async (req, res) => {
      const query = validate<StaffUsersQuery>(API['GET staff/users'].query.schema, req.query);
      res.json({
        status: 'success',
        data: await users.list(query.q?.trim() || undefined, paging(query)),
      });
    });
    router.get('/staff/users/:id', gate('users'), async (req, res) => {
      res.json({ status: 'success', data: await users.detail(idOf(req, 'User not found')) });
    });
    router.post('/staff/users/:id/balance', gate('users'), async (req, res) => {
      const { amount, reason } = validate<StaffBalanceBody>(
        API['POST staff/users/:id/balance'].body.schema,
        req.body,
      );
      const id = idOf(req, 'User not found');
      const { outcome, user } = await users.adjustBalance(actorOf(res), id, amount, reason);
      // 202: above the moderator's cap, it waits for an admin (the page lists it)
      res.status(outcome === 'pending' ? 202 : 200).json({ status: 'success', data: user });
    });
    router.get('/staff/adjustments', gate('users'), async (req, res) => {
      const query = validate<StaffAdjustmentsQuery>(
        API['GET staff/adjustments'].query.schema,
        req.query,
      );
      const data = await adjustments.list(
        {
          ...(query.status ? { status: query.status } : {}),
          ...(query.user ? { userId: Number(query.user) } : {}),
        },
        paging(query),
      );
      res.json({ status: 'success', data });
    });
    router.post('/staff/adjustments/:id/decision', gate('adjustments'), async (req, res) => {
      const { status } = validate<StaffAdjustmentDecisionBody>(
        API['POST staff/adjustments/:id/decision'].body.schema,
        req.body,
      );
      const id = idOf(req, 'Adjustment not found');
      res.json({ status: 'success', data: await adjustments.decide(actorOf(res), id, status) });
    });
    router.post('/staff/users/:id/level', gate('users'), async (req, res) => {
      const { level } = validate<StaffLevelBody>(
        API['POST staff/users/:id/level'].body.schema,
        req.body,
      );
      const id = idOf(req, 'User not found');
      res.json({ status: 'success', data: await users.setDiscountLevel(actorOf(res), id, level) });
    });
    router.post('/staff/users/:id/roles', gate('roles'), async (req, res) => {
      const { roles } = validate<StaffRolesBody>(
        API['POST staff/users/:id/roles'].body.schema,
        req.body,
      );
      const id = idOf(req, 'User not found');
      res.json({ status: 'success', data: await users.setRoles(actorOf(res), id, roles) });
    });
    router.post('/staff/users/:id/block', gate('users'), async (req, res) => {
      const { blocked } = validate<StaffBlockBody>(
        API['POST staff/users/:id/block'].body.schema,
        req.body,
      );
      const id = idOf(req, 'User not found');
      res.json({ status: 'success', data: await users.setBlocked(actorOf(res), id, blocked) });
    });
    router.post('/staff/users/:id/logout', gate('users'), async (req, res) => {
      const id = idOf(req, 'User not found');
      res.json({ status: 'success', data: await users.logoutEverywhere(actorOf(res), id) });
    });
    return router;
  };
}
