import { FormattedMessage, useIntl } from 'react-intl';
import { DRIP_FEED, isDripFeedable, SUBSCRIPTION_DELAYS } from '../../../shared/catalog.ts';
import { parseWholeNumber } from '../../../shared/numbers.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import styles from './cabinet-order-options.module.css';
import type { Settable } from './order-form.choice.ts';
import type { OrderFormModel } from './use-order-form.ts';

/** `90` → `1 h 30 min` in the buyer's language (minutes as the panels count them). */
function duration(intl: ReturnType<typeof useIntl>, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours)
    parts.push(intl.formatNumber(hours, { style: 'unit', unit: 'hour', unitDisplay: 'short' }));
  if (rest || !hours)
    parts.push(intl.formatNumber(rest, { style: 'unit', unit: 'minute', unitDisplay: 'short' }));
  return parts.join(' ');
}

/**
 * The cabinet's panel options, beside the quantity: drip-feed for services that
 * grow gradually (the quantity every interval, `runs` times, and what that totals), and a
 * subscription's delay after each new post and last day for auto services. Only the cabinet's
 * page brings this in, so the landings' form does not carry it.
 */
export function CabinetOrderOptions({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { ids, form, choose, selection, errors, say } = model;
  const drip = selection.dripFeed;
  const today = new Date().toISOString().slice(0, 10);
  const set = (values: Settable) => choose({ type: 'set', set: values });
  const whole = (typed: string, digits: number) => parseWholeNumber(typed.trim(), digits);
  return (
    <>
      {selection.dripFeedable && selection.service && isDripFeedable(selection.service) && (
        <fieldset className={styles.options} data-testid="drip-feed">
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              aria-checked={form.dripFeed}
              checked={form.dripFeed}
              onChange={(event) => choose({ type: 'dripFeed', on: event.target.checked })}
            />
            <span>
              <strong>{say('order.dripFeed')}</strong>
              <span className={styles.hint}>{say('order.dripFeed.hint')}</span>
            </span>
          </label>
          {drip && (
            <>
              <div className={styles.pair}>
                <label className={styles.field}>
                  <span className={formStyles.label}>{say('order.dripFeed.runs')}</span>
                  <input
                    id={`${ids}-runs`}
                    className={formStyles.input}
                    type="number"
                    inputMode="numeric"
                    min={DRIP_FEED.minRuns}
                    max={DRIP_FEED.maxRuns}
                    value={form.runs ?? ''}
                    aria-invalid={errors.runs ? true : undefined}
                    onChange={(event) => set({ runs: whole(event.target.value, 4) })}
                  />
                </label>
                <label className={styles.field}>
                  <span className={formStyles.label}>{say('order.dripFeed.interval')}</span>
                  <input
                    id={`${ids}-interval`}
                    className={formStyles.input}
                    type="number"
                    inputMode="numeric"
                    min={DRIP_FEED.minInterval}
                    max={DRIP_FEED.maxInterval}
                    value={form.runInterval ?? ''}
                    aria-invalid={errors.runInterval ? true : undefined}
                    onChange={(event) => set({ runInterval: whole(event.target.value, 5) })}
                  />
                </label>
              </div>
              {(errors.runs || errors.runInterval) && (
                <span className={formStyles.error} role="alert">
                  {say(errors.runs ?? errors.runInterval, { ...DRIP_FEED })}
                </span>
              )}
              {!errors.runs && !errors.runInterval && selection.quantity !== null && (
                <p className={styles.total} data-testid="drip-feed-total">
                  <FormattedMessage
                    id="order.dripFeed.total"
                    values={{
                      total: intl.formatNumber(selection.quantity * drip.runs),
                      quantity: intl.formatNumber(selection.quantity),
                      runs: drip.runs,
                      every: duration(intl, drip.interval),
                      span: duration(intl, drip.interval * (drip.runs - 1)),
                    }}
                  />
                </p>
              )}
            </>
          )}
        </fieldset>
      )}
      {selection.auto && (
        <fieldset className={styles.options} data-testid="subscription-options">
          <div className={styles.pair}>
            <label className={styles.field}>
              <span className={formStyles.label}>{say('order.subscription.delay')}</span>
              <select
                className={formStyles.input}
                value={form.delay}
                onChange={(event) => set({ delay: Number(event.target.value) })}
              >
                {SUBSCRIPTION_DELAYS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes ? duration(intl, minutes) : say('order.subscription.noDelay')}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              <span className={formStyles.label}>{say('order.subscription.expiry')}</span>
              <input
                className={formStyles.input}
                type="date"
                min={today}
                value={form.expiry}
                onChange={(event) => set({ expiry: event.target.value })}
              />
            </label>
          </div>
          <span className={styles.hint}>{say('order.subscription.hint')}</span>
        </fieldset>
      )}
    </>
  );
}
