import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { button } from '#client/components/button/button.ts';
import { Icon } from '#client/components/icons/icons.tsx';
import { selectPublicUrl } from '#client/features/visitor/visitor.slice.ts';
import { useLocale } from '#client/lib/locale.ts';
import { referralLink } from '#shared/referrals.ts';
import styles from './income.module.css';

/** The user's link with a copy button and shares to Telegram and WhatsApp. */
export function ReferralLink({ code }: { code: string }) {
  const intl = useIntl();
  const origin = useSelector(selectPublicUrl);
  const link = referralLink(origin, code, useLocale());
  const [copied, setCopied] = useState(false);
  const text = intl.formatMessage({ id: 'cp.income.link.shareText' });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // no clipboard permission (an old browser, an iframe): select the text instead
      const field = document.getElementById('referral-link') as HTMLInputElement | null;
      field?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };

  return (
    <section className={`${styles.card} ${styles.linkCard}`} aria-labelledby="referral-link-title">
      <h2 id="referral-link-title" className={styles.cardTitle}>
        <FormattedMessage id="cp.income.link.title" />
      </h2>
      <p className={styles.lead}>
        <FormattedMessage id="cp.income.link.lead" />
      </p>
      <div className={styles.linkRow}>
        <input
          id="referral-link"
          className={styles.linkField}
          value={link}
          readOnly
          aria-labelledby="referral-link-title"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="referral-link"
        />
        <button type="button" className={button('primary')} onClick={copy} aria-live="polite">
          <Icon name={copied ? 'check' : 'copy'} size={18} />
          <FormattedMessage id={copied ? 'cp.income.link.copied' : 'cp.income.link.copy'} />
        </button>
      </div>
      <div className={styles.share}>
        <span className={styles.muted}>
          <FormattedMessage id="cp.income.link.share" />
        </span>
        <a
          className={`${button('secondary')} ${styles.shareButton}`}
          href={`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon name="send" size={18} />
          Telegram
        </a>
        <a
          className={`${button('secondary')} ${styles.shareButton}`}
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon name="chat" size={18} />
          WhatsApp
        </a>
      </div>
    </section>
  );
}
