import { useIntl } from 'react-intl';
import { BRAND_NAME, SUPPORT_EMAIL } from '../../../shared/brand.ts';
import type { Platform } from '../../../shared/platforms.ts';
import { breadcrumbs, JsonLd } from '../../components/json-ld/json-ld.tsx';
import { useLocale, useLocalePath } from '../../lib/locale.ts';

/**
 * Structured data of the storefront (schema.org): the Organization and the WebSite on home,
 * a breadcrumb on a platform's page.
 */
export function SiteData({
  home,
  platform,
  origin,
  pagePath,
}: {
  home: boolean;
  platform: Platform;
  /** the site's public address */
  origin: string;
  /** the platform's page */
  pagePath: string;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const to = useLocalePath();
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
