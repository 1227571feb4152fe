import { Router } from 'express';
import { mountReads } from '#server/http/reads.ts';
import { validate } from '#server/lib/validate.ts';
import { API } from '#shared/api-contract/index.ts';
import type {
  StaffImportBody,
  StaffServiceBody,
  StaffTiersBody,
} from '#shared/schemas/staff-catalogue.schemas.ts';
import { actorOf, type StaffSection } from '../staff-access.ts';
import { providerIdOf, staffCatalogueReads, tagOf } from './staff-catalogue.reads.ts';
import type { StaffCatalogue } from './staff-catalogue.service.ts';

/**
 * `/api/staff/catalogue/…` (capability `catalogue`) and `/api/staff/prices/…` (`prices`):
 * services as stored, a service's page and its edit; price tiers beside the provider's rate.
 */
export function staffCatalogueRoutes({ catalogue }: { catalogue: StaffCatalogue }): StaffSection {
  return (gate, staffAuth) => {
    const router = Router();
    mountReads(router, staffCatalogueReads({ staffAuth, catalogue }));
    router.patch('/staff/catalogue/services/:tag', gate('catalogue'), async (req, res) => {
      const body = validate<StaffServiceBody>(
        API['PATCH staff/catalogue/services/:tag'].body.schema,
        req.body,
      );
      const data = await catalogue.edit(actorOf(res), tagOf(req.params.tag), body);
      res.json({ status: 'success', data });
    });
    router.put('/staff/prices/:tag', gate('prices'), async (req, res) => {
      const body = validate<StaffTiersBody>(API['PUT staff/prices/:tag'].body.schema, req.body);
      const data = await catalogue.setPrices(actorOf(res), tagOf(req.params.tag), body);
      res.json({ status: 'success', data });
    });
    // the import makes services: the catalogue's, though it writes a provider's
    router.post('/staff/providers/:id/import', gate('catalogue'), async (req, res) => {
      const body = validate<StaffImportBody>(
        API['POST staff/providers/:id/import'].body.schema,
        req.body,
      );
      const data = await catalogue.import(actorOf(res), providerIdOf(req.params.id), body);
      res.json({ status: 'success', data });
    });
    return router;
  };
}
