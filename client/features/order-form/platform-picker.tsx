import { FormattedMessage, useIntl } from 'react-intl';
import { formStyles } from '../../components/form/text-field.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/** The order form's first step: the platform, as a row of icon buttons. */
export function PlatformPicker({ model: { selection, choose } }: { model: OrderFormModel }) {
  const intl = useIntl();
  return (
    <fieldset className={styles.group}>
      <legend className={formStyles.label}>
        <FormattedMessage id="order.platform" />
      </legend>
      <div className={styles.platforms}>
        {selection.platforms.map((platform) => (
          <button
            key={platform}
            type="button"
            className={styles.platform}
            data-platform={platform}
            aria-pressed={platform === selection.platform}
            title={intl.formatMessage({ id: `platform.${platform}` })}
            onClick={() => {
              if (platform !== selection.platform) choose({ type: 'platform', platform });
            }}
          >
            {platform === 'fake' ? (
              <span aria-hidden="true">F</span>
            ) : (
              <PlatformIcon platform={platform} size={22} />
            )}
            <span className="visually-hidden">
              <FormattedMessage id={`platform.${platform}`} />
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
