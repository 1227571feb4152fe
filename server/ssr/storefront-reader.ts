import type { StorefrontReader } from '../../client/features/order-form/order-form.loader.ts';
import { META_PLATFORMS } from '../../shared/platforms.ts';
import { serializedOnce } from '../../shared/serialize.ts';
import type { PublicUser } from '../../shared/user.ts';
import type { VisitorState } from '../../shared/visitor.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import type { LandingCopyService } from '../modules/content/landing-copy.service.ts';

/**
 * The landings' loader data on the server: the catalogue service in process, seen as this
 * visitor sees it (staff get FAKE services; the meta restriction puts VK in Meta's place).
 */
export function storefrontReader(
  catalog: CatalogService,
  landingCopy: LandingCopyService,
  visitor: VisitorState,
  user: PublicUser | null,
): StorefrontReader {
  const viewer = user
    ? { staff: user.isStaff, level: user.discountLevel }
    : { staff: false, level: 1 };
  return {
    texts: (page, locale) => landingCopy.page(locale, page),
    pagePlatform: (platform) =>
      visitor.metaRestricted && META_PLATFORMS.includes(platform) ? 'vk' : platform,
    // both are the catalogue snapshot's memoised views, never changed once made: every page
    // state that carries them reuses their JSON
    services: (platform, lang) =>
      catalog
        .services({ client: 'CLIENT_MAIN', labels: ['VISIBLE'], platform, lang }, viewer)
        .then(serializedOnce),
    informers: (platform, counts) =>
      catalog
        .priceTable(
          {
            client: 'CLIENT_MAIN',
            labels: ['VISIBLE'],
            platform,
            counts,
            currencies: [visitor.currency],
          },
          { staff: false, level: 1 },
        )
        .then(serializedOnce),
  };
}
