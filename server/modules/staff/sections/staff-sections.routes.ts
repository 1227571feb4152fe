import { Router } from 'express';
import { mountReads } from '#server/http/reads.ts';
import { validate } from '#server/lib/validate.ts';
import { API } from '#shared/api-contract/index.ts';
import type {
  StaffAdjustmentDecisionBody,
  StaffBalanceBody,
  StaffBlockBody,
  StaffLevelBody,
  StaffPartialBody,
  StaffRolesBody,
  StaffSwitchBody,
} from '#shared/schemas/staff.schemas.ts';
import type { OrdersService, StaffNote } from '../../orders/orders.service.ts';
import type { Audit } from '../audit.service.ts';
import { actorOf, type StaffActor, type StaffSection } from '../staff-access.ts';
import type { StaffAdjustments } from './staff-adjustments.service.ts';
import {
  type CallsOf,
  idOf,
  staffOrdersReads,
  staffUsersReads,
  withCallsOf,
} from './staff-sections.reads.ts';
import type { StaffUsers } from './staff-users.service.ts';

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
  callsOf: CallsOf;
}): StaffSection {
  const withCalls = withCallsOf(callsOf);
  return (gate, staffAuth) => {
    const router = Router();
    mountReads(router, staffOrdersReads({ staffAuth, orders, callsOf }));
    router.post('/staff/orders/:id/resend', gate('orders'), async (req, res) => {
      const id = idOf(req.params.id, 'Order not found');
      const data = await withCalls(await orders.staff.resend(id, noteBy(audit, actorOf(res))));
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/cancel', gate('orders'), async (req, res) => {
      const id = idOf(req.params.id, 'Order not found');
      const data = await withCalls(await orders.staff.cancel(id, noteBy(audit, actorOf(res))));
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/partial', gate('orders'), async (req, res) => {
      const { delivered } = validate<StaffPartialBody>(
        API['POST staff/orders/:id/partial'].body.schema,
        req.body,
      );
      const id = idOf(req.params.id, 'Order not found');
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
      const id = idOf(req.params.id, 'Order not found');
      const data = await withCalls(
        await orders.staff.switchProvider(id, provider, noteBy(audit, actorOf(res))),
      );
      res.json({ status: 'success', data });
    });
    router.post('/staff/orders/:id/refill', gate('orders'), async (req, res) => {
      const id = idOf(req.params.id, 'Order not found');
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
}): StaffSection {
  return (gate, staffAuth) => {
    const router = Router();
    mountReads(router, staffUsersReads({ staffAuth, users, adjustments }));
    router.post('/staff/users/:id/balance', gate('users'), async (req, res) => {
      const { amount, reason } = validate<StaffBalanceBody>(
        API['POST staff/users/:id/balance'].body.schema,
        req.body,
      );
      const id = idOf(req.params.id, 'User not found');
      const { outcome, user } = await users.adjustBalance(actorOf(res), id, amount, reason);
      // 202: above the moderator's cap, it waits for an admin (the page lists it)
      res.status(outcome === 'pending' ? 202 : 200).json({ status: 'success', data: user });
    });
    router.post('/staff/adjustments/:id/decision', gate('adjustments'), async (req, res) => {
      const { status } = validate<StaffAdjustmentDecisionBody>(
        API['POST staff/adjustments/:id/decision'].body.schema,
        req.body,
      );
      const id = idOf(req.params.id, 'Adjustment not found');
      res.json({ status: 'success', data: await adjustments.decide(actorOf(res), id, status) });
    });
    router.post('/staff/users/:id/level', gate('users'), async (req, res) => {
      const { level } = validate<StaffLevelBody>(
        API['POST staff/users/:id/level'].body.schema,
        req.body,
      );
      const id = idOf(req.params.id, 'User not found');
      res.json({ status: 'success', data: await users.setDiscountLevel(actorOf(res), id, level) });
    });
    router.post('/staff/users/:id/roles', gate('roles'), async (req, res) => {
      const { roles } = validate<StaffRolesBody>(
        API['POST staff/users/:id/roles'].body.schema,
        req.body,
      );
      const id = idOf(req.params.id, 'User not found');
      res.json({ status: 'success', data: await users.setRoles(actorOf(res), id, roles) });
    });
    router.post('/staff/users/:id/block', gate('users'), async (req, res) => {
      const { blocked } = validate<StaffBlockBody>(
        API['POST staff/users/:id/block'].body.schema,
        req.body,
      );
      const id = idOf(req.params.id, 'User not found');
      res.json({ status: 'success', data: await users.setBlocked(actorOf(res), id, blocked) });
    });
    router.post('/staff/users/:id/logout', gate('users'), async (req, res) => {
      const id = idOf(req.params.id, 'User not found');
      res.json({ status: 'success', data: await users.logoutEverywhere(actorOf(res), id) });
    });
    return router;
  };
}
