import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { button } from '#client/components/button/button.ts';
import { TextField } from '#client/components/form/text-field.tsx';
import type { ApiError } from '#client/lib/api.ts';
import { formatDate } from '#client/lib/dates.ts';
import { useWrite } from '#client/lib/route-write.ts';
import type { WebhookDeliveryView, WebhookPage } from '#shared/webhooks.ts';
import { type Part, usePart } from '../cabinet-data.ts';
import styles from './api.module.css';
import { WebhookSecret } from './webhook-secret.tsx';

/** While a delivery waits for its first attempt, the log asks again this often. */
const FOLLOW_MS = 2000;

const stateOf = (delivery: WebhookDeliveryView) =>
  delivery.state === 'PENDING' && delivery.attempts > 0 ? 'RETRYING' : delivery.state;

/**
 * /cp/api/'s status webhook: the URL status changes are POSTed to, the secret they
 * are signed with, a test event, and the log of recent deliveries (followed while one waits).
 */
export function WebhookCard({ webhook }: { webhook: Part<WebhookPage> }) {
  const intl = useIntl();
  const page = usePart(webhook);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const endpoint = page.data?.endpoint ?? null;
  const deliveries = page.data?.deliveries ?? [];
  const waiting = deliveries.some((entry) => entry.state === 'PENDING' && entry.attempts === 0);
  const { retry } = page;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(retry, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [waiting, retry]);

  // each write says what it did; a refusal is said under the address, which takes the focus
  // when the address was refused (the page's action reads the webhook again after a write)
  const outcome = (done?: string, then?: () => void, form = false) => ({
    done: () => {
      then?.();
      if (done) setNote(intl.formatMessage({ id: done }));
    },
    failed: (failure: ApiError) => {
      setError(
        intl.formatMessage({
          id: failure.statusCode === 400 ? 'cp.api.webhook.invalid' : 'cp.api.key.failed',
        }),
      );
      return form ? formRef.current : null;
    },
  });
  const saving = useWrite(
    'PUT user/webhook',
    outcome('cp.api.webhook.saved', () => setUrl(null), true),
  );
  const testing = useWrite('POST user/webhook/test', outcome('cp.api.webhook.testQueued'));
  const rolling = useWrite(
    'POST user/webhook/secret',
    outcome(undefined, () => {
      setShown(true);
      setCopied(false);
    }),
  );
  const removing = useWrite(
    'DELETE user/webhook',
    outcome(undefined, () => setUrl(null)),
  );
  const busy = saving.pending || testing.pending || rolling.pending || removing.pending;

  const act = (send: () => unknown, confirmId?: string) => {
    if (confirmId && !window.confirm(intl.formatMessage({ id: confirmId }))) return;
    setError(null);
    setNote(null);
    send();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => saving.submit({ body: { url: url ?? endpoint?.url ?? '' } }));
  };

  const copy = async () => {
    if (!endpoint) return;
    await navigator.clipboard?.writeText(endpoint.secret).catch(() => {});
    setCopied(true);
  };

  return (
    <section className={styles.card} aria-labelledby="api-webhook-title" data-testid="api-webhook">
      <h2 id="api-webhook-title" className={styles.cardTitle}>
        <FormattedMessage id="cp.api.webhook.title" />
      </h2>
      <p className={styles.muted}>
        <FormattedMessage id="cp.api.webhook.lead" />
      </p>
      <form ref={formRef} className={styles.urlForm} onSubmit={save} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'cp.api.webhook.url' })}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={url ?? endpoint?.url ?? ''}
          onChange={(event) => setUrl(event.target.value)}
          error={error}
          disabled={page.loading && !page.data}
        />
        <button type="submit" className={button('primary')} disabled={busy}>
          <FormattedMessage id="cp.api.webhook.save" />
        </button>
      </form>
      {note && (
        <p className={styles.muted} role="status">
          {note}
        </p>
      )}
      {endpoint && (
        <>
          <WebhookSecret
            secret={endpoint.secret}
            shown={shown}
            copied={copied}
            onToggle={() => setShown((value) => !value)}
            onCopy={copy}
          />
          <div className={styles.actions}>
            <button
              type="button"
              className={button('primary')}
              disabled={busy}
              onClick={() => act(() => testing.submit())}
            >
              <FormattedMessage id="cp.api.webhook.test" />
            </button>
            <button
              type="button"
              className={button('secondary')}
              disabled={busy}
              onClick={() => act(() => rolling.submit(), 'cp.api.webhook.rollConfirm')}
            >
              <FormattedMessage id="cp.api.webhook.roll" />
            </button>
            <button
              type="button"
              className={`${button('secondary')} ${styles.danger}`}
              disabled={busy}
              onClick={() => act(() => removing.submit(), 'cp.api.webhook.removeConfirm')}
            >
              <FormattedMessage id="cp.api.webhook.remove" />
            </button>
          </div>
        </>
      )}
      {(endpoint || deliveries.length > 0) && (
        <DeliveryLog deliveries={deliveries} onRefresh={page.retry} loading={page.loading} />
      )}
    </section>
  );
}

function DeliveryLog({
  deliveries,
  onRefresh,
  loading,
}: {
  deliveries: WebhookDeliveryView[];
  onRefresh: () => void;
  loading: boolean;
}) {
  const intl = useIntl();
  return (
    <div className={styles.log}>
      <div className={styles.logHead}>
        <h3 className={styles.logTitle}>
          <FormattedMessage id="cp.api.webhook.log" />
        </h3>
        <button
          type="button"
          className={styles.linkButton}
          onClick={onRefresh}
          disabled={loading}
          data-testid="webhook-refresh"
        >
          <FormattedMessage id="cp.api.webhook.refresh" />
        </button>
      </div>
      {deliveries.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="cp.api.webhook.logEmpty" />
        </p>
      ) : (
        <ul className={styles.deliveries} data-testid="webhook-log">
          {deliveries.map((entry) => {
            const state = stateOf(entry);
            return (
              <li key={entry.id} className={styles.delivery} data-state={state}>
                <div className={styles.deliveryWhat}>
                  <strong>
                    {entry.type === 'test' ? (
                      <FormattedMessage id="cp.api.webhook.event.test" />
                    ) : (
                      <FormattedMessage
                        id="cp.api.webhook.event.order"
                        values={{ order: entry.order ?? '?', status: entry.status ?? '' }}
                      />
                    )}
                  </strong>
                  <span className={styles.deliveryWhen}>{formatDate(intl, entry.created_at)}</span>
                </div>
                <div className={styles.deliveryHow}>
                  <span className={styles.badge} data-state={state}>
                    <FormattedMessage id={`cp.api.webhook.state.${state}`} />
                  </span>
                  <span>
                    <FormattedMessage
                      id="cp.api.webhook.attempts"
                      values={{ count: entry.attempts }}
                    />
                  </span>
                  {entry.attempts > 0 && (
                    <span className={styles.answer}>
                      {entry.last_status !== null ? (
                        `HTTP ${entry.last_status}`
                      ) : (
                        <span title={entry.last_error ?? undefined}>
                          <FormattedMessage id="cp.api.webhook.noAnswer" />
                        </span>
                      )}
                    </span>
                  )}
                  {state === 'RETRYING' && entry.next_attempt_at && (
                    <span>
                      <FormattedMessage
                        id="cp.api.webhook.next"
                        values={{
                          time: intl.formatTime(entry.next_attempt_at, {
                            hour: '2-digit',
                            minute: '2-digit',
                          }),
                        }}
                      />
                    </span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
