import { LOCALES } from '#shared/locales.ts';
import { PAGES, pagePath } from '#shared/routes.ts';

/** The route ids of a matchRoutes answer, root first. */
export const idsOf = (found: { route: { id?: string } }[] | null) =>
  found?.map((m) => m.route.id) ?? [];

/** Every page in every language, params filled with a sample value, and its route id. */
export const pagePaths = PAGES.flatMap((def) =>
  LOCALES.map((locale) => {
    const params = Object.fromEntries(
      [...def.paths[locale].matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'sample-1']),
    );
    return { id: `${locale}:${def.id}`, path: pagePath(def.id, locale, params) };
  }),
);
