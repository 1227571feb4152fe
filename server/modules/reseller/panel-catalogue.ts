import { isMultiTag, orderLimits, type ServiceView } from '#shared/catalog.ts';
import { isLocale } from '#shared/locales.ts';
import { isCurrency } from '#shared/regions.ts';
import type { PublicUser } from '#shared/user.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';

/** A user's service as the panel protocol numbers it (`service` in `services` and `add`). */
export interface PanelService {
  service: ServiceView;
  id: number;
}

export type PanelCatalogue = ReturnType<typeof createPanelCatalogue>;

/** What of a user the catalogue and rates depend on (the API guide's examples name no user). */
export type PanelReader = Pick<PublicUser, 'isStaff' | 'discountLevel' | 'lang' | 'cur'>;

/**
 * What a user may order by number, and at which rate: the services `/api/v2` lists (the
 * cabinet's, enabled, without "several posts" twins) and the one rate per 1000 each is
 * charged by. The panel API's `services` and `add` and the cabinet's mass order read both
 * here, so a number and a rate mean the same everywhere.
 */
export function createPanelCatalogue({ catalog }: { catalog: CatalogService }) {
  const viewerOf = (user: PanelReader) => ({ staff: user.isStaff, level: user.discountLevel });
  const langOf = (user: PanelReader) => (isLocale(user.lang) ? user.lang : 'en');
  const currencyOf = (user: PanelReader) => (isCurrency(user.cur) ? user.cur : 'USD');

  async function catalogue(user: PanelReader): Promise<PanelService[]> {
    const services = await catalog.services(
      { client: 'CLIENT_LK', labels: ['VISIBLE'], lang: langOf(user) },
      viewerOf(user),
    );
    return Promise.all(
      services
        // "several posts" twins price quantity × links: not a panel's one rate per unit
        .filter((service) => service.labels.includes('ENABLED') && !isMultiTag(service.tag))
        .map(async (service) => ({ service, id: await catalog.serviceId(service.tag) })),
    );
  }

  /**
   * The user's price of 1000 in minor units (after their level), worked out from the least
   * order when 1000 is out of range: the one rate an API order is charged by (
   * charge = rate × quantity / 1000, rounded up), so a panel's imported rate predicts it.
   */
  async function ratePer1000(user: PanelReader, service: ServiceView): Promise<number> {
    const limits = orderLimits(service, user.isStaff);
    const count = Math.min(Math.max(1000, limits.min), limits.max);
    const [cost] = await catalog.orderCost(
      { tag: service.tag, count, currency: currencyOf(user), client: 'CLIENT_LK' },
      viewerOf(user),
    );
    return Math.round((cost * 1000) / count);
  }

  return { catalogue, ratePer1000, langOf, currencyOf };
}
