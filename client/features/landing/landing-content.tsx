import { FormattedMessage } from 'react-intl';
import type { Platform } from '#shared/platforms.ts';
import { pagePath as pathOf } from '#shared/routes.ts';
import { shownServicePagesOf } from '#shared/service-pages.ts';
import { button } from '../../components/button/button.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import type { KeptProps } from '../../components/static-subtree/kept-subtree.tsx';
import styles from './landing.module.css';
import {
  Advantages,
  DeliveryCaps,
  Faq,
  GoodToKnow,
  LaunchTimes,
  startHoursOf,
} from './landing-sections.tsx';
import { SiteData } from './site-data.tsx';

/**
 * A platform landing's kept contents (KeptSubtree): the browser loads this file only to
 * render them itself, on a client navigation to another landing.
 */

export interface HeroTextProps extends KeptProps {
  platform: Platform;
  platformName: string;
  /** the landing's own title and lead (staff may edit them) */
  title: string;
  lead: string;
}

/** The hero's words and calls to action, beside the order form. */
export function HeroText({ platform, platformName, title, lead }: HeroTextProps) {
  const hours = startHoursOf(platform);
  return (
    <>
      <p className={styles.eyebrow}>
        <span className={styles.eyebrowIcon}>
          <PlatformIcon platform={platform} size={18} />
        </span>
        <FormattedMessage id="landing.eyebrow" values={{ platform: platformName }} />
      </p>
      <h1 className={styles.h1}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      <div className={styles.heroActions}>
        <a
          href="#services"
          className={`${button('primary', { large: true })} ${styles.primaryShadow}`}
        >
          <FormattedMessage id="landing.cta" />
        </a>
        <a href="#launch" className={button('secondary', { large: true })}>
          <FormattedMessage id="landing.howFast" />
        </a>
      </div>
      <ul className={styles.badges}>
        <li>
          <Icon name="bolt" size={18} />
          {hours !== null ? (
            <FormattedMessage id="landing.badge.withinHours" values={{ hours }} />
          ) : (
            <FormattedMessage id="landing.badge.fast" />
          )}
        </li>
        <li>
          <Icon name="lock" size={18} />
          <FormattedMessage id="landing.badge.noPassword" />
        </li>
        <li>
          <Icon name="globeCheck" size={18} />
          <FormattedMessage id="landing.badge.anyCountry" />
        </li>
      </ul>
    </>
  );
}

/** Everything below the hero: the same for every page of a language, platform and prices. */
/** What a landing's sections render from (their key is derived from it: kept-subtree.tsx). */
export interface LandingSectionsProps extends KeptProps {
  platform: Platform;
  /** the home page (its structured data names the site) */
  home: boolean;
  /** the site's public address and the platform page's path, for the structured data */
  origin: string;
  pagePath: string;
  platformName: string;
  /** 'from' price per service page id, formatted */
  prices: Record<string, string>;
  /** the landing's own texts (client/features/order-form/landing-texts.ts) */
  texts: Record<string, string>;
  /** service pages not linked: the shop does not sell their service now */
  hidden: readonly string[];
}

export function LandingSections({
  locale,
  platform,
  home,
  origin,
  pagePath,
  platformName,
  prices,
  texts,
  hidden,
}: LandingSectionsProps) {
  return (
    <>
      <SiteData
        locale={locale}
        home={home}
        platform={platform}
        origin={origin}
        pagePath={pagePath}
      />
      <section className={styles.section} id="services">
        <h2 className={styles.h2}>
          <FormattedMessage id="landing.services" values={{ platform: platformName }} />
        </h2>
        <ul className={styles.serviceGrid}>
          {shownServicePagesOf(platform, hidden).map((service) => (
            <li key={service.id}>
              <a
                href={pathOf(`service:${service.id}`, locale)}
                className={styles.serviceCard}
                data-platform={platform}
              >
                <span className={styles.serviceIcon}>
                  <PlatformIcon platform={platform} size={22} />
                </span>
                <span className={styles.serviceName}>
                  <FormattedMessage id={`service.${service.id}.name`} />
                </span>
                <span className={styles.serviceText}>{texts[`service.${service.id}.short`]}</span>
                {prices[service.id] && (
                  <span className={styles.servicePrice}>
                    <FormattedMessage id="landing.from" values={{ amount: prices[service.id] }} />
                  </span>
                )}
                <span className={styles.serviceMore}>
                  <FormattedMessage id="landing.order" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <LaunchTimes platform={platform} />
      <DeliveryCaps platform={platform} />
      <GoodToKnow platform={platform} />
      <Advantages platform={platform} />
      <Faq platform={platform} />
    </>
  );
}
