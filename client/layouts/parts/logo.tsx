import { BRAND_NAME } from '#shared/brand.ts';
import styles from './logo.module.css';

/**
 * The brand; `compact` drops the name on phones, where a bar has no room for it, `narrow` on
 * the narrowest phones only (the storefront's bar: the mark, currency, language and login),
 * `mark` everywhere (the staff console's bar, a row of sections beside it).
 */
export function Logo({ compact = false }: { compact?: boolean | 'narrow' | 'mark' }) {
  return (
    <span className={styles.logo} data-compact={compact || undefined}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--brand)" />
        <path
          d="M8.5 21l5-9.5 4 6.2 2.7-4.2 3.3 7.5"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.name}>{BRAND_NAME}</span>
    </span>
  );
}
