import { type Request, Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import type {
  StaffImportBody,
  StaffServiceBody,
  StaffTiersBody,
} from '../../../shared/schemas/staff-catalogue.schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { actorOf, type staffGate } from './staff-access.ts';
import type { StaffCatalogue } from './staff-catalogue.service.ts';

type Gate = ReturnType<typeof staffGate>;

/** A service's tag of the path, or a 404. */
function tagOf(req: Request): string {
  const raw = String(req.params.tag ?? '');
  if (!/^[A-Za-z][\w-]{0,63}$/.test(raw)) throw new AppError('Unknown service', 404);
  return raw;
}

/**
 * `/api/staff/catalogue/…` (capability `catalogue`) and `/api/staff/prices/…` (`prices`):
 * services as stored, a service's page and its edit; price tiers beside the provider's rate.
 */
export function staffCatalogueRoutes({ catalogue }: { catalogue: StaffCatalogue }) {
  return (gate: Gate) => {
    const router = Router();
    router.get('/staff/catalogue/services', gate('catalogue'), async (_req, res) => {
      res.json({ status: 'success', data: await catalogue.list() });
    });
    router.get('/staff/catalogue/services/:tag', gate('catalogue'), async (req, res) => {
      res.json({ status: 'success', data: await catalogue.service(tagOf(req)) });
    });
    router.patch('/staff/catalogue/services/:tag', gate('catalogue'), async (req, res) => {
      const body = validate<StaffServiceBody>(
        API['PATCH staff/catalogue/services/:tag'].body.schema,
        req.body,
      );
      const data = await catalogue.edit(actorOf(res), tagOf(req), body);
      res.json({ status: 'success', data });
    });
    router.get('/staff/prices/:tag', gate('prices'), async (req, res) => {
      res.json({ status: 'success', data: await catalogue.prices(tagOf(req)) });
    });
    router.put('/staff/prices/:tag', gate('prices'), async (req, res) => {
      const body = validate<StaffTiersBody>(API['PUT staff/prices/:tag'].body.schema, req.body);
      const data = await catalogue.setPrices(actorOf(res), tagOf(req), body);
      res.json({ status: 'success', data });
    });
    // the import makes services: the catalogue's, though it reads a provider
    router.get('/staff/providers/:id/import', gate('catalogue'), async (req, res) => {
      res.json({ status: 'success', data: await catalogue.diff(providerIdOf(req)) });
    });
    router.post('/staff/providers/:id/import', gate('catalogue'), async (req, res) => {
      const body = validate<StaffImportBody>(
        API['POST staff/providers/:id/import'].body.schema,
        req.body,
      );
      const data = await catalogue.import(actorOf(res), providerIdOf(req), body);
      res.json({ status: 'success', data });
    });
    return router;
  };
}

/** A provider's id of the path, or a 404. */
export function providerIdOf(req: Request): string {
  const raw = String(req.params.id ?? '');
  if (!/^[\w.-]{1,64}$/.test(raw)) throw new AppError('Provider not found', 404);
  return raw;
}
