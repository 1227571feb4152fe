import { useIntl } from 'react-intl';
import { isLocale, type Locale } from '../../shared/locales.ts';
import { pagePath } from '../../shared/routes.ts';

/** Links to pages of the route table in the current language: to('login') → '/en/login/'. */
export function useLocalePath(): (id: string, params?: Record<string, string>) => string {
  const locale = useLocale();
  return (id, params) => pagePath(id, locale, params);
}

export function useLocale(): Locale {
  const { locale } = useIntl();
  return isLocale(locale) ? locale : 'ru';
}
