import { useIntl } from 'react-intl';
import { BRAND_NAME } from '#shared/brand.ts';
import { hasFigures, type ServiceFigures } from '#shared/catalog.ts';
import type { Locale } from '#shared/locales.ts';
import type { Platform } from '#shared/platforms.ts';
import type { Currency } from '#shared/regions.ts';
import { pagePath } from '#shared/routes.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';
import { PLATFORM_PAGE } from '../../layouts/parts/platform-links.ts';

/**
 * The figures of the last 30 days as schema.org says them. The median start is the offer's
 * `deliveryLeadTime` (a QuantitativeValue: schema.org's "typical delay between the receipt of
 * the order and the goods leaving": here, payment to the start of delivery, in minutes, UN/CEFACT
 * code MIN). The others describe the product, not an offer's terms, and schema.org has no
 * property of its own for them, so they are the Product's `additionalProperty` PropertyValues,
 * named in the page's language, their `propertyID` the `/api/v2` field. Not `aggregateRating`:
 * no buyer rated anything, these are measurements.
 */
function figuresData(stats: ServiceFigures | undefined, names: (id: string) => string) {
  if (!hasFigures(stats)) return { lead: null, properties: [] };
  const property = (id: keyof ServiceFigures, value: number | null, unitCode?: string) =>
    value === null
      ? []
      : [
          {
            '@type': 'PropertyValue',
            propertyID: id,
            name: names(`figures.ld.${id}`),
            value,
            ...(unitCode ? { unitCode } : {}),
          },
        ];
  return {
    lead:
      stats.start_median_min === null
        ? null
        : { '@type': 'QuantitativeValue', value: stats.start_median_min, unitCode: 'MIN' },
    properties: [
      ...property('speed_p90_min_per_1000', stats.speed_p90_min_per_1000, 'MIN'),
      ...property('completion_rate', stats.completion_rate),
      ...property('refill_rate_30d', stats.refill_rate_30d),
      ...property('orders_30d', stats.orders_30d),
    ],
  };
}

/**
 * A service page's structured data: the Product with an AggregateOffer of its real package
 * prices in the visitor's currency and the service's figures of the last 30 days, and its
 * breadcrumb (Home › platform › service).
 */
export function ServiceData({
  locale,
  title,
  description,
  platform,
  platformName,
  costs,
  currency,
  origin,
  stats,
  url,
}: {
  locale: Locale;
  title: string;
  description: string;
  platform: Platform;
  platformName: string;
  /** the packages' prices in `currency`, in minor units (none: no offer) */
  costs: readonly number[];
  currency: Currency;
  /** the site's public address */
  origin: string;
  stats?: ServiceFigures | undefined;
  /** the page's own address */
  url: string;
}) {
  const intl = useIntl();
  const to = (id: string) => pagePath(id, locale);
  const figures = figuresData(stats, (id) => intl.formatMessage({ id }));
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
          ...(figures.properties.length ? { additionalProperty: figures.properties } : {}),
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
                  ...(figures.lead ? { deliveryLeadTime: figures.lead } : {}),
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
