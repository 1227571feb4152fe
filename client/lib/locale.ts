import { useSelector } from 'react-redux';
import type { Locale } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import type { VisitorState } from '#shared/visitor.ts';

/**
 * The one place the client reads the page's language: the store's visitor.locale. The server
 * sets it from the request's path and renders the page (and <html lang>, and the intl
 * messages) in it; the browser hydrates the same store from the page state. A language
 * switch is a full page load, so it never changes while a page lives.
 */
export const selectLocale = (state: { visitor: VisitorState }): Locale => state.visitor.locale;

export function useLocale(): Locale {
  return useSelector(selectLocale);
}

/** Links to pages of the route table in the current language: to('login') → '/en/login/'. */
export function useLocalePath(): (id: string, params?: Record<string, string>) => string {
  const locale = useLocale();
  return (id, params) => pagePath(id, locale, params);
}
