import { useIntl } from 'react-intl';
import { HydrationBoundary } from '../../components/hydration-boundary/hydration-boundary.tsx';
import { KeptSubtree, keptContent } from '../../components/static-subtree/kept-subtree.tsx';
import { useLocale } from '../../lib/locale.ts';
import styles from './landing.module.css';
import type { HeroTextProps, LandingSectionsProps } from './landing-content.tsx';

export const heroText = keptContent<HeroTextProps>('landing-hero', () =>
  import('./landing-content.tsx').then((module) => module.HeroText),
);
export const landingSections = keptContent<LandingSectionsProps>('landing-sections', () =>
  import('./landing-content.tsx').then((module) => module.LandingSections),
);

/** A platform's landing: hero, its services, launch times, daily caps, rules, advantages, FAQ. */
export function PlatformLanding({
  platform,
  home,
  origin,
  pagePath,
  meta,
  form,
  prices,
  texts,
  hidden,
}: Omit<LandingSectionsProps, 'platformName' | 'locale'> & {
  meta: React.ReactNode;
  /** the order form, the hero of the page */
  form: React.ReactNode;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const platformName = intl.formatMessage({ id: `platform.${platform}` });
  // staff may edit the texts (the console's landing copy): they are props, so part of the keys
  const title = texts[`landing.${platform}.title`] ?? '';
  const lead = texts[`landing.${platform}.lead`] ?? '';
  return (
    <>
      {meta}
      <section className={styles.hero} data-platform={platform}>
        <div className={styles.heroGrid}>
          <KeptSubtree
            as="div"
            className={styles.heroInner}
            content={heroText}
            props={{ locale, platform, platformName, title, lead }}
          />
          <HydrationBoundary>
            <div className={styles.heroForm}>{form}</div>
          </HydrationBoundary>
        </div>
      </section>
      <KeptSubtree
        as="div"
        className={styles.container}
        content={landingSections}
        props={{ locale, platform, home, origin, pagePath, platformName, prices, texts, hidden }}
      />
    </>
  );
}
