import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { button } from '#client/components/button/button.ts';
import { Icon } from '#client/components/icons/icons.tsx';
import { formatDate } from '#client/lib/dates.ts';
import { useWrite } from '#client/lib/route-write.ts';
import type { ApiKeyView } from '#shared/api-keys.ts';
import { type Part, usePart } from '../cabinet-data.ts';
import styles from './api.module.css';

/**
 * The key's writes (the page's action reads the key again after each): make or rotate, which
 * shows the new key once, and revoke; whether the new key was copied, and a refusal.
 */
function useApiKeyWrites() {
  const intl = useIntl();
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

  return { fresh, copied, failed, make, revoke, busy, act, copy };
}

/** A key just made, shown this once, with its copy button. */
function FreshKey({
  fresh,
  copied,
  onCopy,
}: {
  fresh: string;
  copied: boolean | 'failed';
  onCopy: () => void;
}) {
  return (
    <div className={styles.fresh} role="status">
      <p>
        <FormattedMessage id="cp.api.key.once" />
      </p>
      <div className={styles.keyRow}>
        <code className={styles.key} data-testid="api-key-value">
          {fresh}
        </code>
        <button type="button" className={button('primary')} onClick={onCopy}>
          <Icon name={copied === true ? 'check' : 'copy'} size={18} />
          <FormattedMessage id={copied === true ? 'cp.api.key.copied' : 'cp.api.key.copy'} />
        </button>
      </div>
      {copied === 'failed' && (
        <p className={styles.error} role="alert">
          <FormattedMessage id="cp.api.key.copyFailed" />
        </p>
      )}
    </div>
  );
}

/** The key held: how it starts, when it was made, and when and from where it was last used. */
function ApiKeyFacts({ apiKey: key }: { apiKey: ApiKeyView }) {
  const intl = useIntl();
  return (
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
  );
}

/** /cp/api/'s key: made, shown once, rotated, revoked; when and from where it was last used. */
export function ApiKeyCard({ apiKey }: { apiKey: Part<ApiKeyView | null> }) {
  const current = usePart(apiKey);
  const { fresh, copied, failed, make, revoke, busy, act, copy } = useApiKeyWrites();
  const key = current.data;
  return (
    <section className={styles.card} aria-labelledby="api-key-title" data-testid="api-key">
      <h2 id="api-key-title" className={styles.cardTitle}>
        <FormattedMessage id="cp.api.key.title" />
      </h2>
      {fresh && <FreshKey fresh={fresh} copied={copied} onCopy={copy} />}
      {current.data === null && !current.loading && !current.error && !fresh && (
        <p className={styles.muted}>
          <FormattedMessage id="cp.api.key.none" />
        </p>
      )}
      {key && <ApiKeyFacts apiKey={key} />}
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
  );
}
