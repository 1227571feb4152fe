import { useIntl } from 'react-intl';
import { BRAND_NAME, SUPPORT_EMAIL } from '#shared/brand.ts';
import type { Locale } from '#shared/locales.ts';
import type { Platform } from '#shared/platforms.ts';
import { pagePath as pathOf } from '#shared/routes.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';

/**
 * Structured data of the storefront (schema.org): the Organization and the WebSite on home,
 * a breadcrumb on a platform's page.
 */
export function SiteData({
  locale,
  home,
  platform,
  origin,
  pagePath,
}: {
  locale: Locale;
  home: boolean;
  platform: Platform;
  /** the site's public address */
  origin: string;
  /** the platform's page */
  pagePath: string;
}) {
  const intl = useIntl();
  const to = (id: string) => pathOf(id, locale);
  if (home)
    return (
      <>
        <JsonLd
          data={{
            '@type': 'Organization',
            name: BRAND_NAME,
            url: `${origin}/`,
            logo: `${origin}/icon-512.png`,
            email: SUPPORT_EMAIL,
            contactPoint: {
              '@type': 'ContactPoint',
              contactType: 'customer support',
              email: SUPPORT_EMAIL,
              availableLanguage: ['ru', 'en', 'de', 'es', 'it', 'pt', 'tr'],
            },
          }}
        />
        <JsonLd
          data={{
            '@type': 'WebSite',
            name: BRAND_NAME,
            url: origin + to('home'),
            inLanguage: locale,
          }}
        />
      </>
    );
  return (
    <JsonLd
      data={breadcrumbs([
        { name: intl.formatMessage({ id: 'service.breadcrumbsHome' }), url: origin + to('home') },
        {
          name: intl.formatMessage({ id: `platform.${platform}` }),
          url: origin + pagePath,
        },
      ])}
    />
  );
}
