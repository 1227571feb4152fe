import { Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import type {
  StaffEnabledBody,
  StaffProviderBody,
  StaffProvidersQuery,
} from '../../../shared/schemas/staff-catalogue.schemas.ts';
import { validate } from '../../lib/validate.ts';
import { actorOf, type staffGate } from './staff-access.ts';
import { providerIdOf } from './staff-catalogue.routes.ts';
import type { StaffCatalogue } from './staff-catalogue.service.ts';

type Gate = ReturnType<typeof staffGate>;

/**
 * `/api/staff/providers…` (capability `providers`): list (balances when asked), add (the key
 * sealed, never answered back; the URL one the guard lets through), test the connection (with
 * its audit row), enable and disable.
 */
export function staffProvidersRoutes({ catalogue }: { catalogue: StaffCatalogue }) {
  return (gate: Gate) => {
    const router = Router();
    router.get('/staff/providers', gate('providers'), async (req, res) => {
      const query = validate<StaffProvidersQuery>(
        API['GET staff/providers'].query.schema,
        req.query,
      );
      res.json({
        status: 'success',
        data: await catalogue.providers.list(query.balance === '1'),
      });
    });
    router.post('/staff/providers', gate('providers'), async (req, res) => {
      const body = validate<StaffProviderBody>(API['POST staff/providers'].body.schema, req.body);
      res.json({ status: 'success', data: await catalogue.providers.add(actorOf(res), body) });
    });
    router.post('/staff/providers/:id/test', gate('providers'), async (req, res) => {
      const data = await catalogue.providers.test(actorOf(res), providerIdOf(req));
      res.json({ status: 'success', data });
    });
    router.post('/staff/providers/:id/enabled', gate('providers'), async (req, res) => {
      const { enabled } = validate<StaffEnabledBody>(
        API['POST staff/providers/:id/enabled'].body.schema,
        req.body,
      );
      const data = await catalogue.providers.setEnabled(actorOf(res), providerIdOf(req), enabled);
      res.json({ status: 'success', data });
    });
    return router;
  };
}
