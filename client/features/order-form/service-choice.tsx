import { FormattedMessage, useIntl } from 'react-intl';
import type { ServiceView } from '../../../shared/catalog.ts';
import { Dropdown } from '../../components/dropdown/dropdown.tsx';
import { formStyles } from '../../components/form/text-field.tsx';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/**
 * What to boost: the service type's chips, the service among several of a type (a dropdown of
 * names with their descriptions) and, where a `_MULTI` twin exists, one post or several.
 */
export function ServiceChoice({ model, service }: { model: OrderFormModel; service: ServiceView }) {
  const intl = useIntl();
  const { ids, selection, choose } = model;
  const services = model.context.services;
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={formStyles.label}>
          <FormattedMessage id="order.type" />
        </legend>
        <div className={styles.chips}>
          {selection.types.map((type) => {
            const first = services?.find(
              (entry) => entry.type === type && !entry.tag.includes('_MULTI'),
            );
            return (
              <button
                key={type}
                type="button"
                className={styles.chip}
                aria-pressed={type === service.type}
                onClick={() => {
                  if (first && type !== service.type) choose({ type: 'service', tag: first.tag });
                }}
              >
                <FormattedMessage id={`order.type.${type}`} />
              </button>
            );
          })}
        </div>
      </fieldset>

      {selection.ofType.length > 1 && (
        <div className={formStyles.field}>
          <span className={formStyles.label} id={`${ids}-service`}>
            <FormattedMessage id="order.service" />
          </span>
          <Dropdown
            id="order-service"
            block
            align="start"
            label={intl.formatMessage({ id: 'order.service' })}
            summary={<span>{service.name}</span>}
          >
            {(close) => (
              <ul className={styles.options} aria-labelledby={`${ids}-service`}>
                {selection.ofType.map((entry) => (
                  <li key={entry.tag}>
                    <button
                      type="button"
                      className={styles.option}
                      aria-pressed={entry.tag === service.tag}
                      onClick={() => {
                        choose({ type: 'service', tag: entry.tag });
                        close();
                      }}
                    >
                      <span>{entry.name}</span>
                      <span className={styles.optionText}>{entry.description}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Dropdown>
        </div>
      )}

      {selection.canMultiple && (
        <fieldset className={styles.segmented}>
          <legend className="visually-hidden">
            <FormattedMessage id="order.numerosity" />
          </legend>
          {(['single', 'multiple'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={selection.numerosity === value}
              onClick={() => choose({ type: 'set', set: { numerosity: value } })}
            >
              <FormattedMessage id={`order.numerosity.${value}`} />
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
}
