import { FormattedMessage } from 'react-intl';
import { useSelector } from 'react-redux';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { selectPublicUrl } from '#client/features/visitor/visitor.slice.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { apiOf } from '#client/lib/route-api.ts';
import { writeAction } from '#client/lib/route-write.ts';
import type { Locale } from '#shared/locales.ts';
import { part } from '../cabinet-data.ts';
import styles from './api.module.css';
import { ApiGuide } from './api-guide.tsx';
import { ApiKeyCard } from './api-key-card.tsx';
import { WebhookCard } from './webhook-card.tsx';

/** The key held, the webhook with its deliveries, and the guide in the page's language. */
export const apiPageLoader =
  (lang: Locale) =>
  async ({ request, context }: LoaderFunctionArgs) => {
    const api = apiOf(context);
    const [key, webhook, guide] = await Promise.all([
      part(request, api('GET user/api-key')),
      part(request, api('GET user/webhook')),
      part(request, api('GET content/api-guide', { query: { lang } })),
    ]);
    return { key, webhook, guide };
  };

/** The page's writes: the key's and the webhook's (the page is read again after each). */
export const apiPageAction = writeAction(
  [
    'POST user/api-key',
    'DELETE user/api-key',
    'PUT user/webhook',
    'DELETE user/webhook',
    'POST user/webhook/secret',
    'POST user/webhook/test',
  ],
  { signedIn: true },
);

/**
 * /cp/api/: the reseller's key (made, shown once, rotated, revoked; when and from
 * where it was last used), where resellers' panels send their calls (/api/v2), the status
 * webhook and the guide.
 */
export default function ApiPage() {
  const origin = useSelector(selectPublicUrl);
  const loaded = useLoaderData<ReturnType<typeof apiPageLoader>>();
  return (
    <HeadingPage titleId="cp.api.title" leadId="cp.api.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        <ApiKeyCard apiKey={loaded.key} />
        <section className={styles.card} aria-labelledby="api-endpoint-title">
          <h2 id="api-endpoint-title" className={styles.cardTitle}>
            <FormattedMessage id="cp.api.endpoint.title" />
          </h2>
          <code className={styles.key} data-testid="api-endpoint">
            POST {origin}/api/v2
          </code>
          <p className={styles.muted}>
            <FormattedMessage id="cp.api.endpoint.text" />
          </p>
        </section>
        <WebhookCard webhook={loaded.webhook} />
        <ApiGuide guide={loaded.guide.data} />
      </div>
    </HeadingPage>
  );
}

/** The route's loader and action, in this screen's chunk (client/app/routes.tsx). */
export const routeLoader = (_def: unknown, locale: Locale) => apiPageLoader(locale);
export const routeAction = () => apiPageAction;
