import { type Request, type Response, Router } from 'express';
import { COOKIE_NAMES } from '../../../shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, localeOfPath } from '../../../shared/locales.ts';
import { isPublicId } from '../../../shared/orders.ts';
import {
  asyncOrderSchema,
  type OrderInput,
  type OrdersListQuery,
  orderSchema,
  ordersListQuery,
} from '../../../shared/schemas/orders.schemas.ts';
import { handle } from '../../http/async-handler.ts';
import { currentUser } from '../../http/authenticate.ts';
import { pageOfRequest, returnPathOf } from '../../http/return-path.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { countryOfIp } from '../geo/geo.service.ts';
import type { OrdersService } from './orders.service.ts';

/** The language of the order (receipt mail): the page's, else the chosen one, else the user's. */
export function languageOf(req: Request, res: Response, publicUrl: string): Locale {
  const page = pageOfRequest(req, publicUrl);
  if (page) return localeOfPath(page);
  const user = currentUser(res);
  const cookie: unknown = req.cookies?.[COOKIE_NAMES.locale];
  if (isLocale(cookie)) return cookie;
  return user && isLocale(user.lang) ? user.lang : DEFAULT_LOCALE;
}

/** SPEC §7 Orders: POST c_orders/main, GET c_orders, and the receipt link's order. */
export function ordersRoutes({
  orders,
  publicUrl,
}: {
  orders: OrdersService;
  publicUrl: string;
}): Router {
  const router = Router();

  router.post(
    '/c_orders/main',
    handle(async (req, res) => {
      const input = validate<OrderInput>(orderSchema, req.body);
      const placed = await orders.place(input, {
        user: currentUser(res),
        lang: languageOf(req, res, publicUrl),
        country: countryOfIp(req.ip),
        returnPath: returnPathOf(req, publicUrl),
      });
      res.status(201).json({ status: 'success', data: placed });
    }),
  );

  // accepted at once, placed by the worker; the answer's id follows it (GET c_orders/async/{id})
  router.post(
    '/c_orders/async',
    handle(async (req, res) => {
      const body = validate<{ data: OrderInput; test?: boolean }>(asyncOrderSchema, req.body);
      const user = currentUser(res);
      const input: OrderInput = {
        ...body.data,
        ...(body.test !== undefined ? { test: body.test } : {}),
      };
      if (input.test && !user?.isStaff) throw new AppError('Only staff may place test orders', 403);
      const queued = await orders.queue(input, {
        user,
        lang: languageOf(req, res, publicUrl),
        country: countryOfIp(req.ip),
        returnPath: returnPathOf(req, publicUrl),
      });
      res.status(202).json({ status: 'success', data: queued });
    }),
  );

  router.get(
    '/c_orders/async/:id',
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!isPublicId(id)) throw new AppError('Order not found', 404);
      res.json({ status: 'success', data: await orders.intake(id) });
    }),
  );

  router.get(
    '/c_orders',
    handle(async (req, res) => {
      const user = currentUser(res);
      if (!user) throw new AppError('Log in to see your orders', 401);
      const query = validate<OrdersListQuery>(ordersListQuery, req.query);
      const data = await orders.listOf(user.id, {
        page: query.page ? Number(query.page) : 1,
        limit: query.limit ? Math.min(Number(query.limit), 100) : 20,
        ...(query.status ? { status: query.status } : {}),
        ...(query.tag ? { tag: query.tag } : {}),
      });
      res.json({ status: 'success', data });
    }),
  );

  // the receipt link: whoever holds the unguessable id may follow the order
  router.get(
    '/c_orders/:id',
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!isPublicId(id)) throw new AppError('Order not found', 404);
      res.json({ status: 'success', data: await orders.byPublicId(id) });
    }),
  );

  // a logged-in buyer keeps a guest order in their account (the receipt link proves it)
  router.post(
    '/c_orders/:id/claim',
    handle(async (req, res) => {
      const user = currentUser(res);
      if (!user) throw new AppError('Log in to keep this order in your account', 401);
      const id = String(req.params.id);
      if (!isPublicId(id)) throw new AppError('Order not found', 404);
      await orders.claim(id, user.id);
      res.json({ status: 'success', data: await orders.byPublicId(id) });
    }),
  );

  return router;
}
