import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useLoaderData } from 'react-router';
import { pageById } from '#shared/routes.ts';
import { SERVICE_PAGES } from '#shared/service-pages.ts';
import { HydrationBoundary } from '../../components/hydration-boundary/hydration-boundary.tsx';
import { KeptSubtree, keptContent } from '../../components/static-subtree/kept-subtree.tsx';
import type { LandingData } from '../../features/landing/landing.loader.ts';
import landing from '../../features/landing/landing.module.css';
import { useCurrencyInformers } from '../../features/landing/use-currency-informers.ts';
import { ORDER_FORM_ID, OrderForm } from '../../features/order-form/order-form.tsx';
import {
  currencyChanged,
  selectCurrency,
  selectPublicUrl,
} from '../../features/visitor/visitor.slice.ts';
import { PageMeta } from '../../layouts/parts/page-meta.tsx';
import { useLocale } from '../../lib/locale.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { PackageCards } from './package-cards.tsx';
import styles from './service.module.css';
import type { ServiceHeroProps, ServiceSectionsProps } from './service-content.tsx';

export const serviceHero = keptContent<ServiceHeroProps>('service-hero', () =>
  import('./service-content.tsx').then((module) => module.ServiceHeroText),
);
export const serviceSections = keptContent<ServiceSectionsProps>('service-sections', () =>
  import('./service-content.tsx').then((module) => module.ServiceSections),
);

/** One landing per service and platform, under its localized slug. */
export default function ServicePage() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const locale = useLocale();
  const currency = useSelector(selectCurrency);
  const origin = useSelector(selectPublicUrl);
  const def = pageById(useRouteHandle().pageId);
  const service = SERVICE_PAGES.find((page) => page.id === def.service)!;
  const platformName = intl.formatMessage({ id: `platform.${service.platform}` });
  const data = useLoaderData() as LandingData;
  // the packages' prices follow the currency: another one reloads them
  useCurrencyInformers(data.informers, currency);
  const { texts, faq } = data.landing;
  const title = texts[`service.${service.id}.title`]!;
  const short = texts[`service.${service.id}.short`]!;
  // the page's own service is preselected in the form
  const preselected =
    data.services.find((entry) => entry.page === service.id && !entry.tag.includes('_MULTI'))
      ?.tag ?? null;
  const stats = data.services.find((entry) => entry.tag === preselected)?.stats;
  // the preselected service's package prices in the visitor's currency (structured data)
  const costs = Object.values((preselected && data.informers[currency]?.[preselected]) || {})
    .map((price) => price.cost)
    .filter((cost) => cost > 0);
  return (
    <>
      <PageMeta title={title} description={short} image={service.platform} />
      <section className={landing.hero} data-platform={service.platform}>
        <div className={`${landing.heroGrid} ${styles.grid}`}>
          <KeptSubtree
            as="div"
            className={landing.heroInner}
            content={serviceHero}
            props={{ locale, service, title, short, platformName }}
          />
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
      <KeptSubtree
        as="div"
        className={landing.container}
        content={serviceSections}
        props={{
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
        }}
      />
    </>
  );
}
