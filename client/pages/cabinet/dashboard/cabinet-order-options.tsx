import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formStyles } from '#client/components/form/text-field.tsx';
import type { Settable } from '#client/features/order-form/order-form.choice.ts';
import type { OrderFormModel } from '#client/features/order-form/use-order-form.ts';
import { useLocalePath } from '#client/lib/locale.ts';
import { DRIP_FEED, isDripFeedable, MAX_POSTS, SUBSCRIPTION_DELAYS } from '#shared/catalog.ts';
import { parseWholeNumber } from '#shared/numbers.ts';
import styles from './cabinet-order-options.module.css';

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
 * A subscription's terms: its posts (a number paid in advance, or every new post until the last
 * day, each charged from the balance when it is ordered), the delay after each new post and the
 * last day, which a subscription for every new post must have.
 */
function SubscriptionOptions({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const to = useLocalePath();
  const { ids, form, choose, selection, errors, show, say, user, pair } = model;
  const set = (values: Settable) => choose({ type: 'set', set: values });
  const today = new Date().toISOString().slice(0, 10);
  const { open } = selection;
  const postsError = say(errors.posts, { max: MAX_POSTS });
  const expiryError = show ? say(errors.expiry) : null;
  // the balance pays each post order: one it does not cover yet waits paused from the start
  const short = open && user && pair && user.balance < pair[0];
  return (
    <fieldset className={styles.options} data-testid="subscription-options">
      <div className={styles.modes} role="radiogroup" aria-labelledby={`${ids}-posts-mode`}>
        <span id={`${ids}-posts-mode`} className={formStyles.label}>
          {say('order.subscription.posts')}
        </span>
        {(['count', 'every'] as const).map((mode) => (
          <label key={mode} className={formStyles.choice}>
            <input
              type="radio"
              name={`${ids}-posts-mode`}
              checked={open === (mode === 'every')}
              onChange={() => set({ everyPost: mode === 'every' })}
            />
            <span className={formStyles.choiceName}>{say(`order.subscription.posts.${mode}`)}</span>
          </label>
        ))}
      </div>
      {!open && (
        <>
          <label className={styles.field}>
            <span className={formStyles.label}>{say('order.posts')}</span>
            <input
              id={`${ids}-posts`}
              className={formStyles.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_POSTS}
              value={form.quantityPosts ?? selection.posts}
              aria-invalid={postsError ? true : undefined}
              aria-describedby={postsError ? `${ids}-posts-error` : undefined}
              onChange={(event) =>
                set({ quantityPosts: parseWholeNumber(event.target.value.trim(), 4) })
              }
            />
          </label>
          {postsError && (
            <span id={`${ids}-posts-error`} className={formStyles.error} role="alert">
              {postsError}
            </span>
          )}
        </>
      )}
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
          <span className={formStyles.label}>
            {say(open ? 'order.subscription.lastDay' : 'order.subscription.expiry')}
          </span>
          <input
            id={`${ids}-expiry`}
            className={formStyles.input}
            type="date"
            min={today}
            required={open}
            value={form.expiry}
            aria-invalid={expiryError ? true : undefined}
            aria-describedby={expiryError ? `${ids}-expiry-error` : undefined}
            onChange={(event) => set({ expiry: event.target.value })}
          />
        </label>
      </div>
      {expiryError && (
        <span id={`${ids}-expiry-error`} className={formStyles.error} role="alert">
          {expiryError}
        </span>
      )}
      <span className={styles.hint} data-testid="subscription-hint">
        {say(open ? 'order.subscription.everyHint' : 'order.subscription.hint')}
      </span>
      {short && (
        <p className={styles.warning} data-testid="subscription-short">
          {say('order.subscription.balanceShort')}{' '}
          <Link to={to('cp-payment')}>{say('cp.topUp')}</Link>
        </p>
      )}
    </fieldset>
  );
}

/**
 * A comment order's own comments, one a line, whose number is the quantity: in place of the
 * quantity's presets (the order form leaves them out for these orders).
 */
function CommentsField({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { ids, form, choose, selection, errors, show, say } = model;
  const { min, max } = selection.limits;
  const range = { min: intl.formatNumber(min), max: intl.formatNumber(max) };
  const error = show ? say(errors.comments, range) : null;
  const id = `${ids}-comments`;
  return (
    <div className={formStyles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={formStyles.label}>
        {say('order.comments')}
      </label>
      <textarea
        id={id}
        className={`${formStyles.input} ${styles.textarea}`}
        rows={5}
        value={form.comments}
        placeholder={say('order.comments.placeholder')!}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => choose({ type: 'set', set: { comments: event.target.value } })}
      />
      <span className={styles.hint}>
        {say('order.comments.hint', { count: selection.comments.length, ...range })}
      </span>
      {error && (
        <span id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The cabinet's panel options, beside the quantity: a comment order's own comments, drip-feed
 * for services that grow gradually (the quantity every interval, `runs` times, and what that
 * totals), and a subscription's terms for auto services. Only the cabinet's page brings this
 * in, so the landings' form does not carry it.
 */
export function CabinetOrderOptions({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { ids, form, choose, selection, errors, say } = model;
  const drip = selection.dripFeed;
  const set = (values: Settable) => choose({ type: 'set', set: values });
  const whole = (typed: string, digits: number) => parseWholeNumber(typed.trim(), digits);
  return (
    <>
      {selection.customComments && <CommentsField model={model} />}
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
      {selection.auto && <SubscriptionOptions model={model} />}
    </>
  );
}
