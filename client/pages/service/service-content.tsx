import { FormattedMessage, useIntl } from 'react-intl';
import type { ServiceFigures as Figures } from '#shared/catalog.ts';
import type { Currency } from '#shared/regions.ts';
import { pagePath } from '#shared/routes.ts';
import type { ServicePage as ServicePageDef } from '#shared/service-pages.ts';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import type { KeptProps } from '../../components/static-subtree/kept-subtree.tsx';
import type { LandingData } from '../../features/landing/landing.loader.ts';
import landing from '../../features/landing/landing.module.css';
import {
  DeliveryCaps,
  Faq,
  GoodToKnow,
  LaunchTimes,
} from '../../features/landing/landing-sections.tsx';
import { PLATFORM_PAGE } from '../../layouts/parts/platform-links.ts';
import styles from './service.module.css';
import { ServiceData } from './service-data.tsx';
import { ServiceFigures } from './service-figures.tsx';

/**
 * A service page's kept contents (KeptSubtree): the browser loads this file only to render
 * them itself, on a client navigation to another service page.
 */

export interface ServiceHeroProps extends KeptProps {
  service: ServicePageDef;
  title: string;
  short: string;
  platformName: string;
}

/** The hero's words beside the order form: breadcrumbs, platform, title, what it does. */
export function ServiceHeroText({ locale, service, title, short, platformName }: ServiceHeroProps) {
  const intl = useIntl();
  return (
    <>
      <nav aria-label={intl.formatMessage({ id: 'service.breadcrumbs' })} className={styles.crumbs}>
        <a href={pagePath('home', locale)}>
          <FormattedMessage id="service.breadcrumbsHome" />
        </a>
        <span aria-hidden="true">/</span>
        <a href={pagePath(PLATFORM_PAGE[service.platform], locale)}>{platformName}</a>
      </nav>
      <p className={landing.eyebrow}>
        <span className={landing.eyebrowIcon}>
          <PlatformIcon platform={service.platform} size={18} />
        </span>
        {platformName}
      </p>
      <h1 className={landing.h1}>{title}</h1>
      <p className={landing.lead}>{short}</p>
      <p className={styles.note}>
        <FormattedMessage id="service.howItWorks" />
      </p>
    </>
  );
}

/** Below the hero: launch times, caps, rules, then the service's questions before the general ones. */
export interface ServiceSectionsProps extends KeptProps {
  service: ServicePageDef;
  platformName: string;
  faq: LandingData['landing']['faq'];
  title: string;
  short: string;
  /** the preselected service's packages' prices, which the structured data states */
  costs: readonly number[];
  currency: Currency;
  /** the site's public address, for the structured data */
  origin: string;
  /** the preselected service's figures of the last 30 days */
  stats?: Figures | undefined;
}

export function ServiceSections({
  locale,
  service,
  platformName,
  faq,
  title,
  short,
  costs,
  currency,
  origin,
  stats,
}: ServiceSectionsProps) {
  const intl = useIntl();
  return (
    <>
      <ServiceData
        locale={locale}
        title={title}
        description={short}
        platform={service.platform}
        platformName={platformName}
        costs={costs}
        currency={currency}
        origin={origin}
        stats={stats}
        url={pagePath(`service:${service.id}`, locale)}
      />
      <ServiceFigures platform={service.platform} kind={service.kind} stats={stats} />
      <LaunchTimes platform={service.platform} />
      <DeliveryCaps platform={service.platform} />
      <GoodToKnow platform={service.platform} />
      <Faq
        platform={service.platform}
        heading={faq?.heading.replace(
          '{service}',
          intl.formatMessage({ id: `service.${service.id}.name` }),
        )}
        first={(faq?.items ?? []).map((item) => ({
          q: item.q.replaceAll('{platform}', platformName),
          a: item.a.replaceAll('{platform}', platformName),
        }))}
      />
    </>
  );
}
