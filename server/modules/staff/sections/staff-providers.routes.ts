import { Router } from 'express';
import { mountReads } from '#server/http/reads.ts';
import { validate } from '#server/lib/validate.ts';
import { API } from '#shared/api-contract/index.ts';
import type {
  StaffEnabledBody,
  StaffProviderBody,
} from '#shared/schemas/staff-catalogue.schemas.ts';
import { actorOf, type StaffSection } from '../staff-access.ts';
import { providerIdOf, staffProvidersReads } from './staff-catalogue.reads.ts';
import type { StaffCatalogue } from './staff-catalogue.service.ts';

/**
 * `/api/staff/providers…` (capability `providers`): list (balances when asked), add (the key
 * sealed, never answered back; the URL one the guard lets through), test the connection (with
 * its audit row), enable and disable.
 */
export function staffProvidersRoutes({ catalogue }: { catalogue: StaffCatalogue }): StaffSection {
  return (gate, staffAuth) => {
    const router = Router();
    mountReads(router, staffProvidersReads({ staffAuth, catalogue }));
    router.post('/staff/providers', gate('providers'), async (req, res) => {
      const body = validate<StaffProviderBody>(API['POST staff/providers'].body.schema, req.body);
      res.json({ status: 'success', data: await catalogue.providers.add(actorOf(res), body) });
    });
    router.post('/staff/providers/:id/test', gate('providers'), async (req, res) => {
      const data = await catalogue.providers.test(actorOf(res), providerIdOf(req.params.id));
      res.json({ status: 'success', data });
    });
    router.post('/staff/providers/:id/enabled', gate('providers'), async (req, res) => {
      const { enabled } = validate<StaffEnabledBody>(
        API['POST staff/providers/:id/enabled'].body.schema,
        req.body,
      );
      const data = await catalogue.providers.setEnabled(
        actorOf(res),
        providerIdOf(req.params.id),
        enabled,
      );
      res.json({ status: 'success', data });
    });
    return router;
  };
}
