import { useIntl } from 'react-intl';
import { HydrationBoundary } from '../../components/hydration-boundary/hydration-boundary.tsx';
import { KeptSubtree, keptContent } from '../../components/static-subtree/kept-subtree.tsx';
import { useLocale } from '../../lib/locale.ts';
import styles from './landing.module.css';
import type { LandingSectionsProps } from './landing-content.tsx';

const heroText = keptContent('landing-hero', () =>
  import('./landing-content.tsx').then((module) => module.HeroText),
);
const landingSections = keptContent('landing-sections', () =>
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
}: Omit<LandingSectionsProps, 'platformName'> & {
  meta: React.ReactNode;
  /** the order form, the hero of the page */
  form: React.ReactNode;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const platformName = intl.formatMessage({ id: `platform.${platform}` });
  const priceKey = Object.entries(prices).join(';');
  // staff may edit the texts (the console's landing copy): they are part of the keys
  const textsKey = JSON.stringify(texts);
  return (
    <>
      {meta}
      <section className={styles.hero} data-platform={platform}>
        <div className={styles.heroGrid}>
          <KeptSubtree
            as="div"
            className={styles.heroInner}
            cacheKey={`hero|${locale}|${platform}|${textsKey}`}
            content={heroText}
            props={{ platform, platformName, texts }}
          />
          <HydrationBoundary>
            <div className={styles.heroForm}>{form}</div>
          </HydrationBoundary>
        </div>
      </section>
      <KeptSubtree
        as="div"
        className={styles.container}
        cacheKey={`landing|${locale}|${platform}|${home ? 'home' : ''}|${priceKey}|${textsKey}|${hidden.join()}`}
        content={landingSections}
        props={{ platform, home, origin, pagePath, platformName, prices, texts, hidden }}
      />
    </>
  );
}
