import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ServiceFigures as Figures, PriceTable } from '../../../shared/catalog.ts';
import type { ServicePage as ServicePageDef } from '../../../shared/service-pages.ts';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import landing from '../../features/landing/landing.module.css';
import {
  DeliveryCaps,
  Faq,
  GoodToKnow,
  LaunchTimes,
} from '../../features/landing/landing-sections.tsx';
import type { LandingData } from '../../features/order-form/order-form.loader.ts';
import { PLATFORM_PAGE } from '../../layouts/parts/platform-links.ts';
import { useLocalePath } from '../../lib/locale.ts';
import styles from './service.module.css';
import { ServiceData } from './service-data.tsx';
import { ServiceFigures } from './service-figures.tsx';

/**
 * A service page's kept contents (KeptSubtree): the browser loads this file only to render
 * them itself, on a client navigation to another service page.
 */

/** The hero's words beside the order form: breadcrumbs, platform, title, what it does. */
export function ServiceHeroText({
  service,
  title,
  short,
  platformName,
}: {
  service: ServicePageDef;
  title: string;
  short: string;
  platformName: string;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <>
      <nav aria-label={intl.formatMessage({ id: 'service.breadcrumbs' })} className={styles.crumbs}>
        <Link to={to('home')}>
          <FormattedMessage id="service.breadcrumbsHome" />
        </Link>
        <span aria-hidden="true">/</span>
        <Link to={to(PLATFORM_PAGE[service.platform])}>{platformName}</Link>
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
export function ServiceSections({
  service,
  platformName,
  faq,
  title,
  short,
  tag,
  informers,
  stats,
}: {
  service: ServicePageDef;
  platformName: string;
  faq: LandingData['landing']['faq'];
  title: string;
  short: string;
  /** the preselected service's tag, whose packages' prices the structured data states */
  tag: string | null;
  informers: PriceTable;
  /** the preselected service's figures of the last 30 days */
  stats?: Figures | undefined;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <>
      <ServiceData
        title={title}
        description={short}
        platform={service.platform}
        platformName={platformName}
        tag={tag}
        informers={informers}
        stats={stats}
        url={to(`service:${service.id}`)}
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
