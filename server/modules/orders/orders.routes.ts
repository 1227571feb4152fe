import { type Request, type Response, Router } from 'express';
import { API } from '#shared/api-contract/index.ts';
import { COOKIE_NAMES } from '#shared/constants.ts';
import { localeOfPath } from '#shared/locales.ts';
import { isPublicId } from '#shared/orders.ts';
import { isRefCode } from '#shared/referrals.ts';
import { asyncOrderSchema, type OrderInput } from '#shared/schemas/orders.schemas.ts';
import { loginFirst } from '../../http/login-first.ts';
import { mountReads } from '../../http/reads.ts';
import { contextOf, currentUser } from '../../http/request-context.ts';
import { pageOfRequest } from '../../http/return-path.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { ordersReads } from './orders.reads.ts';
import {
  ORDER_ERRORS,
  type OrderContext,
  type OrdersService,
  OWN_ORDER_ERRORS,
} from './orders.service.ts';

/**
 * Who orders, from where: the request's context, with the page the order was placed on
 * (`return_path`, else the Referer), whose language its receipt is written in.
 */
const refCodeOf = (req: Request): string | null => {
  const code: unknown = req.cookies?.[COOKIE_NAMES.ref];
  return isRefCode(code) ? code : null;
};

function orderContextOf(req: Request, res: Response, publicUrl: string): OrderContext {
  const { user, visitor } = contextOf(res);
  const page = pageOfRequest(req, publicUrl);
  return {
    user,
    // a known page decides the language; else the request's (docs/product.md §15 Language)
    lang: page ? localeOfPath(page) : visitor.locale,
    country: visitor.country,
    // where the gateway sends the buyer back to: that page, else home
    returnPath: page ?? '/',
    refCode: user ? null : refCodeOf(req),
  };
}

/**
 * docs/api.md Orders: POST c_orders/main, GET c_orders (the cabinet's list), the receipt link's
 * order, and the buyer's cancel and refill.
 */
export function ordersRoutes({
  orders,
  publicUrl,
}: {
  orders: OrdersService;
  publicUrl: string;
}): Router {
  const router = Router();

  router.post('/c_orders/main', async (req, res) => {
    const input = validate<OrderInput>(API['POST c_orders/main'].body.schema, req.body);
    const placed = await orders.place(input, orderContextOf(req, res, publicUrl));
    res.status(201).json({ status: 'success', data: placed });
  });

  // accepted at once, placed by the worker; the answer's id follows it (GET c_orders/async/{id})
  router.post('/c_orders/async', async (req, res) => {
    const body = validate<{ data: OrderInput; test?: boolean }>(asyncOrderSchema, req.body);
    const user = currentUser(res);
    const input: OrderInput = {
      ...body.data,
      ...(body.test !== undefined ? { test: body.test } : {}),
    };
    if (input.test && !user?.isStaff) throw new AppError(ORDER_ERRORS.testOnlyStaff, 403);
    const queued = await orders.queue(input, orderContextOf(req, res, publicUrl));
    res.status(202).json({ status: 'success', data: queued });
  });

  router.get('/c_orders/async/:id', async (req, res) => {
    const id = String(req.params.id);
    if (!isPublicId(id)) throw new AppError('Order not found', 404);
    res.json({ status: 'success', data: await orders.intake(id) });
  });

  router.get('/c_orders', loginFirst('Log in to see your orders'));
  mountReads(router, ordersReads({ orders }));

  // a logged-in buyer keeps a guest order in their account (the receipt link proves it)
  router.post('/c_orders/:id/claim', async (req, res) => {
    const user = currentUser(res);
    if (!user) throw new AppError('Log in to keep this order in your account', 401);
    const id = String(req.params.id);
    if (!isPublicId(id)) throw new AppError('Order not found', 404);
    await orders.claim(id, user.id);
    res.json({ status: 'success', data: await orders.byPublicId(id) });
  });

  /** The logged-in owner and the order's id, or the 401/404 that says why not. */
  const ownerOf = (req: Request, res: Response, action: string) => {
    const user = currentUser(res);
    if (!user) throw new AppError(`Log in to ${action} your order`, 401);
    const id = String(req.params.id);
    if (!isPublicId(id)) throw new AppError(OWN_ORDER_ERRORS.notFound, 404);
    return { userId: user.id, id };
  };

  router.post('/c_orders/:id/cancel', async (req, res) => {
    const { id, userId } = ownerOf(req, res, 'cancel');
    res.json({ status: 'success', data: await orders.own.cancel(id, userId) });
  });

  router.post('/c_orders/:id/refill', async (req, res) => {
    const { id, userId } = ownerOf(req, res, 'refill');
    res.json({ status: 'success', data: await orders.own.refill(id, userId) });
  });

  router.get('/c_orders/:id/refill', async (req, res) => {
    const { id, userId } = ownerOf(req, res, 'follow');
    res.json({ status: 'success', data: await orders.own.refillStatus(id, userId) });
  });

  return router;
}
