import { FormattedMessage, useIntl } from 'react-intl';
import { BRAND_NAME, SUPPORT_EMAIL } from '#shared/brand.ts';
import { PRODUCT_START_DATE, productAgeYears } from '#shared/constants.ts';
import type { LegalRegion } from '#shared/regions.ts';
import { pagePath } from '#shared/routes.ts';
import { shownServicePagesOf } from '#shared/service-pages.ts';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import type { KeptProps } from '../../components/static-subtree/kept-subtree.tsx';
import { navPlatforms, PLATFORM_PAGE } from './platform-links.ts';
import styles from './site-footer.module.css';

/**
 * The footer's kept content (KeptSubtree): the browser loads this file only to render it
 * itself (another region's legal links, or a new day's year).
 */

export interface FooterContentProps extends KeptProps {
  legalRegion: LegalRegion;
  metaRestricted: boolean;
  /** service pages not linked: the shop does not sell their service now */
  hidden: readonly string[];
  /** today's UTC date, YYYY-MM-DD (the years in the copyright line) */
  today: string;
}

export function FooterContent({
  locale,
  legalRegion,
  metaRestricted,
  hidden,
  today,
}: FooterContentProps) {
  const intl = useIntl();
  const to = (id: string, params?: Record<string, string>) => pagePath(id, locale, params);
  const now = new Date(`${today}T00:00:00Z`);
  const startYear = Number(PRODUCT_START_DATE.slice(0, 4));
  return (
    <div className={styles.inner}>
      <div className={styles.columns}>
        {navPlatforms(metaRestricted).map((platform) => (
          <section key={platform} className={styles.column}>
            <h2 className={styles.heading}>
              <a href={to(PLATFORM_PAGE[platform])}>
                <PlatformIcon platform={platform} size={16} />
                <FormattedMessage id={`platform.${platform}`} />
              </a>
            </h2>
            <ul>
              {shownServicePagesOf(platform, hidden)
                .slice(0, 5)
                .map((service) => (
                  <li key={service.id}>
                    <a href={to(`service:${service.id}`)}>
                      <FormattedMessage id={`service.${service.id}.name`} />
                    </a>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <section className={styles.column}>
          <h2 className={styles.heading}>
            <FormattedMessage id="footer.company" />
          </h2>
          <ul>
            <li>
              <a href={to('blog')}>
                <FormattedMessage id="footer.blog" />
              </a>
            </li>
            <li>
              <a href={to('private-policy', { region: legalRegion })}>
                <FormattedMessage id="footer.privacy" />
              </a>
            </li>
            <li>
              <a href={to('public-agreement', { region: legalRegion })}>
                <FormattedMessage id="footer.agreement" />
              </a>
            </li>
            <li>
              <a href={to('refund-policy', { region: legalRegion })}>
                <FormattedMessage id="footer.refund" />
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
          </ul>
        </section>
      </div>
      <div className={styles.bottom}>
        <p>
          © {startYear}–{now.getUTCFullYear()} {BRAND_NAME}.{' '}
          <FormattedMessage
            id="footer.age"
            values={{ years: productAgeYears(now), since: startYear }}
          />{' '}
          <FormattedMessage id="copy.anyCountry" />
        </p>
        <p className={styles.geo}>
          <FormattedMessage
            id="footer.geolite"
            values={{
              link: (
                <a href="https://www.maxmind.com" rel="noopener">
                  https://www.maxmind.com
                </a>
              ),
            }}
          />
        </p>
        <p className={styles.geo}>{intl.formatMessage({ id: 'footer.metaNote' })}</p>
      </div>
    </div>
  );
}
