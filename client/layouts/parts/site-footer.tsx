import { useSelector } from 'react-redux';
import { legalRegionFor } from '#shared/regions.ts';
import { KeptSubtree, keptContent } from '../../components/static-subtree/kept-subtree.tsx';
import {
  selectHiddenServicePages,
  selectMetaRestricted,
  selectRegion,
} from '../../features/visitor/visitor.slice.ts';
import { useLocale } from '../../lib/locale.ts';
import styles from './site-footer.module.css';
import type { FooterContentProps } from './site-footer-content.tsx';

export const footerContent = keptContent<FooterContentProps>('footer', () =>
  import('./site-footer-content.tsx').then((module) => module.FooterContent),
);

/** Footer: services per platform, legal pages for the visitor's region, contacts, GeoLite2. */
export function SiteFooter() {
  const locale = useLocale();
  const legalRegion = legalRegionFor(locale, useSelector(selectRegion));
  const metaRestricted = useSelector(selectMetaRestricted);
  const hidden = useSelector(selectHiddenServicePages);
  // the render date must not differ between server and browser: both use today's UTC date
  const today = new Date().toISOString().slice(0, 10);
  return (
    <KeptSubtree
      as="footer"
      className={styles.footer}
      content={footerContent}
      props={{ locale, legalRegion, metaRestricted, hidden, today }}
    />
  );
}
