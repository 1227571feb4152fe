import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { button } from '#client/components/button/button.ts';
import { Icon } from '#client/components/icons/icons.tsx';
import { selectPublicUrl } from '#client/features/visitor/visitor.slice.ts';
import { HeadingPage } from '#client/layouts/parts/heading-page.tsx';
import { formatDate } from '#client/lib/dates.ts';
import { apiOf } from '#client/lib/route-api.ts';
import { useWrite, writeAction } from '#client/lib/route-write.ts';
import type { Locale } from '#shared/locales.ts';
import { part, usePart } from '../cabinet-data.ts';
import styles from './api.module.css';
import { ApiGuide } from './api-guide.tsx';
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
  const intl = useIntl();
  const origin = useSelector(selectPublicUrl);
  const loaded = useLoaderData<ReturnType<typeof apiPageLoader>>();
  const current = usePart(loaded.key);
  const [fresh, setFresh] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | 'failed'>(false);
  const [failed, setFailed] = useState(false);
  const shown = (key: string | null) => {
    setFresh(key);
    setCopied(false);
  };
  const make = useWrite('POST user/api-key', {
    done: (answer) => shown(answer.key),
    failed: () => setFailed(true),
  });
  const revoke = useWrite('DELETE user/api-key', {
    done: () => shown(null),
    failed: () => setFailed(true),
  });
  const busy = make.pending || revoke.pending;

  const act = (write: typeof make | typeof revoke, confirmId?: string) => {
    if (confirmId && !window.confirm(intl.formatMessage({ id: confirmId }))) return;
    setFailed(false);
    void write.submit();
  };

  // "Copied" only once the clipboard took it; else the key is selected for the buyer to copy
  const copy = async () => {
    if (!fresh) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(fresh);
      setCopied(true);
    } catch {
      setCopied('failed');
      const shown = document.querySelector('[data-testid="api-key-value"]');
      if (shown) getSelection()?.selectAllChildren(shown);
    }
  };

  const key = current.data;
  return (
    <HeadingPage titleId="cp.api.title" leadId="cp.api.lead" noindex>
      <div className={styles.page} data-testid="cp-page">
        <section className={styles.card} aria-labelledby="api-key-title" data-testid="api-key">
          <h2 id="api-key-title" className={styles.cardTitle}>
            <FormattedMessage id="cp.api.key.title" />
          </h2>
          {fresh && (
            <div className={styles.fresh} role="status">
              <p>
                <FormattedMessage id="cp.api.key.once" />
              </p>
              <div className={styles.keyRow}>
                <code className={styles.key} data-testid="api-key-value">
                  {fresh}
                </code>
                <button type="button" className={button('primary')} onClick={copy}>
                  <Icon name={copied === true ? 'check' : 'copy'} size={18} />
                  <FormattedMessage
                    id={copied === true ? 'cp.api.key.copied' : 'cp.api.key.copy'}
                  />
                </button>
              </div>
              {copied === 'failed' && (
                <p className={styles.error} role="alert">
                  <FormattedMessage id="cp.api.key.copyFailed" />
                </p>
              )}
            </div>
          )}
          {current.data === null && !current.loading && !current.error && !fresh && (
            <p className={styles.muted}>
              <FormattedMessage id="cp.api.key.none" />
            </p>
          )}
          {key && (
            <dl className={styles.facts}>
              <div>
                <dt>
                  <FormattedMessage id="cp.api.key.starts" />
                </dt>
                <dd>
                  <code>{key.prefix}…</code>
                </dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="cp.api.key.createdAt" />
                </dt>
                <dd>{formatDate(intl, key.created_at)}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="cp.api.key.lastUsed" />
                </dt>
                <dd data-testid="api-key-used">
                  {key.last_used_at ? (
                    <>
                      {formatDate(intl, key.last_used_at)}{' '}
                      {key.last_used_ip && (
                        <FormattedMessage id="cp.api.key.from" values={{ ip: key.last_used_ip }} />
                      )}
                    </>
                  ) : (
                    <FormattedMessage id="cp.api.key.neverUsed" />
                  )}
                </dd>
              </div>
            </dl>
          )}
          {current.error && !key && (
            <p className={styles.error} role="alert">
              <FormattedMessage id="cp.api.key.loadFailed" />
            </p>
          )}
          {failed && (
            <p className={styles.error} role="alert">
              <FormattedMessage id="cp.api.key.failed" />
            </p>
          )}
          <div className={styles.actions}>
            {key ? (
              <>
                <button
                  type="button"
                  className={button('secondary')}
                  disabled={busy}
                  onClick={() => act(make, 'cp.api.key.rotateConfirm')}
                >
                  <FormattedMessage id="cp.api.key.rotate" />
                </button>
                <button
                  type="button"
                  className={`${button('secondary')} ${styles.danger}`}
                  disabled={busy}
                  onClick={() => act(revoke, 'cp.api.key.revokeConfirm')}
                >
                  <FormattedMessage id="cp.api.key.revoke" />
                </button>
              </>
            ) : current.error ? (
              // whether a key exists is unknown: making one now could replace it unasked
              <button type="button" className={button('secondary')} onClick={current.retry}>
                <FormattedMessage id="order.retry" />
              </button>
            ) : current.loading ? null : (
              <button
                type="button"
                className={button('primary')}
                disabled={busy}
                onClick={() => act(make)}
              >
                <FormattedMessage id="cp.api.key.create" />
              </button>
            )}
          </div>
        </section>
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
