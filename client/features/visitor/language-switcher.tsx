import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '#shared/constants.ts';
import { LOCALES, type Locale, localePrefix } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { Dropdown } from '../../components/dropdown/dropdown.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { setCookie } from '../../lib/cookies.ts';
import { useLocale } from '../../lib/locale.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import styles from './switchers.module.css';

/** Language names are written in their own language, never translated. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  tr: 'Türkçe',
};

/**
 * Links to the same page in every language. A full page load (the messages of another
 * language are another chunk); the choice is remembered in the locale cookie (365 days).
 */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { pageId } = useRouteHandle();
  const locale = useLocale();
  const params = useParams();
  const hrefOf = (target: Locale) =>
    pageId === 'not-found' ? `${localePrefix(target)}/` : pagePath(pageId, target, params);
  return (
    <Dropdown
      id="language"
      label={intl.formatMessage({ id: 'header.language' })}
      summary={
        <>
          <span className={styles.wideOnly}>
            <Icon name="globe" size={18} />
          </span>
          <span className={styles.code}>{locale.toUpperCase()}</span>
        </>
      }
    >
      <ul className={styles.list}>
        {LOCALES.map((target) => (
          <li key={target}>
            <a
              href={hrefOf(target)}
              hrefLang={target}
              lang={target}
              aria-current={target === locale ? 'true' : undefined}
              className={styles.option}
              onClick={() => setCookie(COOKIE_NAMES.locale, target, COOKIE_MAX_AGE_MS.locale)}
            >
              {LANGUAGE_NAMES[target]}
            </a>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}
