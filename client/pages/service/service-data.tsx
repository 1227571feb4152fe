import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { BRAND_NAME } from '../../../shared/brand.ts';
import type { PriceTable } from '../../../shared/catalog.ts';
import type { Platform } from '../../../shared/platforms.ts';
import type { VisitorState } from '../../../shared/visitor.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';
import { selectPublicUrl } from '../../features/visitor/visitor.slice.ts';
import { PLATFORM_PAGE } from '../../layouts/parts/platform-links.ts';
import { useLocalePath } from '../../lib/locale.ts';

/**
 * A service page's structured data: the Product with an AggregateOffer of its real package
 * prices in the visitor's currency, and its breadcrumb (Home › platform › service).
 */
export function ServiceData({
  title,
  description,
  platform,
  platformName,
  tag,
  informers,
  url,
}: {
  title: string;
  description: string;
  platform: Platform;
  platformName: string;
  tag: string | null;
  informers: PriceTable;
  /** the page's own address */
  url: string;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  const origin = useSelector(selectPublicUrl);
  const currency = useSelector((state: { visitor: VisitorState }) => state.visitor.currency);
  const costs = Object.values((tag && informers[currency]?.[tag]) || {})
    .map((price) => price.cost)
    .filter((cost) => cost > 0);
  return (
    <>
      <JsonLd
        data={{
          '@type': 'Product',
          name: title,
          description,
          brand: { '@type': 'Brand', name: BRAND_NAME },
          image: `${origin}/og/${platform}.png`,
          url: origin + url,
          ...(costs.length
            ? {
                offers: {
                  '@type': 'AggregateOffer',
                  priceCurrency: currency,
                  lowPrice: (Math.min(...costs) / 100).toFixed(2),
                  highPrice: (Math.max(...costs) / 100).toFixed(2),
                  offerCount: costs.length,
                  availability: 'https://schema.org/InStock',
                  url: origin + url,
                },
              }
            : {}),
        }}
      />
      <JsonLd
        data={breadcrumbs([
          { name: intl.formatMessage({ id: 'service.breadcrumbsHome' }), url: origin + to('home') },
          { name: platformName, url: origin + to(PLATFORM_PAGE[platform]) },
          { name: title, url: origin + url },
        ])}
      />
    </>
  );
}
