import { Router } from 'express';
import { API } from '#shared/api-contract/index.ts';
import { localeOfPath } from '#shared/locales.ts';
import { MASS_ERRORS } from '#shared/mass-orders.ts';
import type { MassOrderBody } from '#shared/schemas/mass-orders.schemas.ts';
import { mountReads } from '../../http/reads.ts';
import { contextOf } from '../../http/request-context.ts';
import { pageOfReferer } from '../../http/return-path.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { MassOrderError, type MassOrdersService } from './mass-orders.service.ts';
import { massOrderReads } from './reseller.reads.ts';

/**
 * POST c_orders/mass: the cabinet's mass order, for a logged-in user (the
 * cookie's writes pass the same-origin check as every c_orders call). A refusal answers the
 * error envelope with what it names: the lines (`lines`, `errors` by line number), or the
 * total the balance is short of.
 */
export function massOrdersRoutes({
  massOrders,
  publicUrl,
}: {
  massOrders: MassOrdersService;
  publicUrl: string;
}): Router {
  const router = Router();

  mountReads(router, massOrderReads({ massOrders }));

  router.post('/c_orders/mass', async (req, res) => {
    const { user, visitor } = contextOf(res);
    if (!user) throw new AppError(MASS_ERRORS.login, 401);
    const { orders } = validate<MassOrderBody>(API['POST c_orders/mass'].body.schema, req.body);
    const page = pageOfReferer(req, publicUrl);
    try {
      const placed = await massOrders.place(user, orders, {
        // the receipts' language: the cabinet page's, else the request's
        lang: page ? localeOfPath(page) : visitor.locale,
        country: visitor.country,
        returnPath: '/',
        refCode: null,
      });
      res.json({ status: 'success', data: placed });
    } catch (error) {
      if (!(error instanceof MassOrderError)) throw error;
      res.status(error.statusCode).json({
        status: 'error',
        message: error.message,
        statusCode: error.statusCode,
        ...error.details,
      });
    }
  });

  return router;
}
