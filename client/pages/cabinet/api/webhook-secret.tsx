import { FormattedMessage } from 'react-intl';
import { button } from '#client/components/button/button.ts';
import { Icon } from '#client/components/icons/icons.tsx';
import styles from './api.module.css';

export interface WebhookSecretProps {
  /** the secret the webhook's calls are signed with */
  secret: string;
  /** in full, or its first characters only */
  shown: boolean;
  copied: boolean;
  onToggle: () => void;
  onCopy: () => void;
}

/** The webhook's signing secret, hidden but for its start until asked, with a copy button. */
export function WebhookSecret({ secret, shown, copied, onToggle, onCopy }: WebhookSecretProps) {
  return (
    <div className={styles.secret}>
      <span className={styles.secretLabel}>
        <FormattedMessage id="cp.api.webhook.secret" />
      </span>
      <div className={styles.keyRow}>
        <code className={styles.key} data-testid="webhook-secret">
          {shown ? secret : `${secret.slice(0, 10)}${'•'.repeat(8)}`}
        </code>
        <button
          type="button"
          className={button('secondary')}
          aria-pressed={shown}
          onClick={onToggle}
        >
          <FormattedMessage id={shown ? 'cp.api.webhook.hide' : 'cp.api.webhook.show'} />
        </button>
        <button type="button" className={button('secondary')} onClick={onCopy}>
          <Icon name={copied ? 'check' : 'copy'} size={18} />
          <FormattedMessage id={copied ? 'cp.api.key.copied' : 'cp.api.key.copy'} />
        </button>
      </div>
    </div>
  );
}
