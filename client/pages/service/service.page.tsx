import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useLoaderData } from 'react-router';
import { pageById } from '../../../shared/routes.ts';
import {
  SERVICE_PAGES,
  type ServicePage as ServicePageDef,
} from '../../../shared/service-pages.ts';
import { HydrationBoundary } from '../../components/hydration-boundary/hydration-boundary.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import { Link } from '../../components/link/link.tsx';
import { StaticSubtree } from '../../components/static-subtree/static-subtree.tsx';
import landing from '../../features/landing/landing.module.css';
import {
  DeliveryCaps,
  Faq,
  GoodToKnow,
  LaunchTimes,
} from '../../features/landing/landing-sections.tsx';
import type { LandingData } from '../../features/order-form/order-form.loader.ts';
import { ORDER_FORM_ID, OrderForm } from '../../features/order-form/order-form.tsx';
import { PackageCards } from '../../features/order-form/package-cards.tsx';
import { currencyChanged } from '../../features/visitor/visitor.slice.ts';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { PLATFORM_PAGE } from '../../layouts/parts/platform-links.ts';
import { useLocale, useLocalePath } from '../../lib/locale.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import styles from './service.module.css';
import { ServiceData } from './service-data.tsx';

/** One landing per service and platform, under its localized slug. */
export default function ServicePage() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const locale = useLocale();
  const def = pageById(useRouteHandle().pageId);
  const service = SERVICE_PAGES.find((page) => page.id === def.service)!;
  const platformName = intl.formatMessage({ id: `platform.${service.platform}` });
  const data = useLoaderData() as LandingData;
  const { texts, faq } = data.landing;
  const title = texts[`service.${service.id}.title`]!;
  const short = texts[`service.${service.id}.short`]!;
  // the page's own service is preselected in the form
  const preselected =
    data.services.find((entry) => entry.page === service.id && !entry.tag.includes('_MULTI'))
      ?.tag ?? null;
  return (
    <>
      <PageMeta title={title} description={short} image={service.platform} />
      <ServiceData
        title={title}
        description={short}
        platform={service.platform}
        platformName={platformName}
        tag={preselected}
        informers={data.informers}
      />
      <section className={landing.hero} data-platform={service.platform}>
        <div className={`${landing.heroGrid} ${styles.grid}`}>
          <StaticSubtree
            as="div"
            className={landing.heroInner}
            cacheKey={`service-hero|${locale}|${service.id}|${title}|${short}`}
          >
            <ServiceHeroText
              service={service}
              title={title}
              short={short}
              platformName={platformName}
            />
          </StaticSubtree>
          <HydrationBoundary>
            <div className={styles.formCell}>
              <OrderForm
                data={data}
                pageId={def.id}
                pageService={preselected}
                onCurrencySwitch={(other) => dispatch(currencyChanged(other))}
              />
            </div>
          </HydrationBoundary>
          {preselected && (
            <div className={styles.packages}>
              <h2 className={styles.packagesHeading}>
                <FormattedMessage id="packages.heading" />
              </h2>
              <PackageCards
                platform={data.platform}
                tag={preselected}
                informers={data.informers}
                formId={ORDER_FORM_ID}
              />
            </div>
          )}
        </div>
      </section>
      <StaticSubtree
        as="div"
        className={landing.container}
        // the questions are loader data: their text is part of the key, whatever their source
        cacheKey={`service|${locale}|${service.id}|${JSON.stringify(faq ?? null)}`}
      >
        <LaunchTimes platform={service.platform} />
        <DeliveryCaps platform={service.platform} />
        <GoodToKnow />
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
      </StaticSubtree>
    </>
  );
}

/** The hero's words beside the order form: breadcrumbs, platform, title, what it does. */
function ServiceHeroText({
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
