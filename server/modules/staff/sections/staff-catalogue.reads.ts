import type { ReadHandlers } from '#server/http/reads.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { StaffAuth } from '../auth/staff-auth.service.ts';
import { staffActorFor } from '../staff-access.ts';
import type { StaffCatalogue } from './staff-catalogue.service.ts';

/** A service's tag of the path, or a 404. */
export function tagOf(raw: unknown): string {
  const tag = String(raw ?? '');
  if (!/^[A-Za-z][\w-]{0,63}$/.test(tag)) throw new AppError('Unknown service', 404);
  return tag;
}

/** A provider's id of the path, or a 404. */
export function providerIdOf(raw: unknown): string {
  const id = String(raw ?? '');
  if (!/^[\w.-]{1,64}$/.test(id)) throw new AppError('Provider not found', 404);
  return id;
}

/**
 * The catalogue's and providers' sections' reads: services as stored and one service
 * (capability `catalogue`), a service's price tiers (`prices`), a provider's import diff
 * (`catalogue`: it makes services), providers with balances when asked (`providers`). Served
 * over HTTP by staff-catalogue.routes.ts and staff-providers.routes.ts and in process to the
 * staff pages' loader; each asks the gate (`staffActorFor`).
 */
export function staffCatalogueReads({
  staffAuth,
  catalogue,
}: {
  staffAuth: StaffAuth;
  catalogue: StaffCatalogue;
}) {
  return {
    'GET staff/catalogue/services': async (_input, call) => {
      await staffActorFor(staffAuth, 'catalogue', call);
      return catalogue.list();
    },
    'GET staff/catalogue/services/:tag': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'catalogue', call);
      return catalogue.service(tagOf(params.tag));
    },
    'GET staff/prices/:tag': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'prices', call);
      return catalogue.prices(tagOf(params.tag));
    },
    'GET staff/providers/:id/import': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'catalogue', call);
      return catalogue.diff(providerIdOf(params.id));
    },
  } satisfies ReadHandlers;
}

/** The providers' list, with their balances when asked (capability `providers`). */
export function staffProvidersReads({
  staffAuth,
  catalogue,
}: {
  staffAuth: StaffAuth;
  catalogue: StaffCatalogue;
}) {
  return {
    'GET staff/providers': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'providers', call);
      return catalogue.providers.list(query.balance === '1');
    },
  } satisfies ReadHandlers;
}
