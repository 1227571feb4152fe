import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_POSTS } from '../../../shared/catalog.ts';
import { parseWholeNumber } from '../../../shared/numbers.ts';
import { formStyles } from '../../components/form/text-field.tsx';
import styles from './order-form.module.css';
import type { Selection } from './order-form.selection.ts';
import type { OrderFormModel } from './use-order-form.ts';

/**
 * Why the storefront's and the cabinet's limits of one service differ: a guest
 * learns an account orders more at once, a buyer in the cabinet what the public site takes.
 */
function limitsNote(selection: Selection, cabinet: boolean): [string, number] | null {
  const { service, limits } = selection;
  const other = service?.max_order_other ?? null;
  // staff order within their own limits: neither side's applies to them
  if (!service || other === null || other === service.max_order) return null;
  if (limits.max !== service.max_order) return null;
  if (cabinet) return ['order.quantity.accountLimits', other];
  return other > service.max_order ? ['order.quantity.moreFromAccount', other] : null;
}

/**
 * How much: the posts of an auto order, then the quantity presets and a custom amount (the
 * cabinet's auto orders add the most per post), or, for the cabinet's comment orders, the
 * comments themselves, whose number is the quantity.
 */
export function QuantityFields({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { ids, selection, form, choose, errors, show, say, quantityError, cabinet } = model;
  const { limits } = selection;
  const limitValues = { min: intl.formatNumber(limits.min), max: intl.formatNumber(limits.max) };
  const note = limitsNote(selection, cabinet);
  return (
    <>
      {selection.auto && (
        <div className={formStyles.field}>
          <label htmlFor={`${ids}-posts`} className={formStyles.label}>
            <FormattedMessage id="order.posts" />
          </label>
          <input
            id={`${ids}-posts`}
            className={formStyles.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_POSTS}
            value={form.quantityPosts ?? selection.posts}
            aria-invalid={errors.posts ? true : undefined}
            aria-describedby={errors.posts ? `${ids}-posts-error` : undefined}
            onChange={(event) => {
              const value = event.target.value.trim();
              choose({ type: 'set', set: { quantityPosts: parseWholeNumber(value, 4) } });
            }}
          />
          <span className={styles.hint}>
            <FormattedMessage
              id="order.posts.hint"
              values={{ quantity: intl.formatNumber(selection.quantity ?? 0) }}
            />
          </span>
          {errors.posts && (
            <span id={`${ids}-posts-error`} className={formStyles.error} role="alert">
              {say(errors.posts, { max: MAX_POSTS })}
            </span>
          )}
        </div>
      )}

      {selection.customComments ? (
        <div className={formStyles.field} data-invalid={show && errors.comments ? true : undefined}>
          <label htmlFor={`${ids}-comments`} className={formStyles.label}>
            <FormattedMessage id="order.comments" />
          </label>
          <textarea
            id={`${ids}-comments`}
            className={`${formStyles.input} ${styles.textarea}`}
            rows={5}
            value={form.comments}
            placeholder={intl.formatMessage({ id: 'order.comments.placeholder' })}
            aria-invalid={show && errors.comments ? true : undefined}
            aria-describedby={show && errors.comments ? `${ids}-comments-error` : undefined}
            onChange={(event) => choose({ type: 'set', set: { comments: event.target.value } })}
          />
          <span className={styles.hint}>
            <FormattedMessage
              id="order.comments.hint"
              values={{ count: selection.comments.length, ...limitValues }}
            />
          </span>
          {show && errors.comments && (
            <span id={`${ids}-comments-error`} className={formStyles.error} role="alert">
              {say(errors.comments, limitValues)}
            </span>
          )}
        </div>
      ) : (
        <fieldset className={styles.group} data-invalid={quantityError ? true : undefined}>
          <legend className={formStyles.label}>
            {selection.quantityMax !== null
              ? say('order.quantityLeast')
              : selection.auto
                ? say('order.quantityPerPost')
                : say('order.quantity')}
          </legend>
          <div className={styles.chips}>
            {selection.presets.map((value) => (
              <button
                key={value}
                type="button"
                className={styles.chip}
                aria-pressed={!form.customQuantity && selection.quantity === value}
                onClick={() => choose({ type: 'quantity', quantity: value })}
              >
                {intl.formatNumber(value)}
              </button>
            ))}
          </div>
          <label className={styles.custom}>
            <span className={styles.hint}>
              <FormattedMessage id="order.quantity.custom" values={limitValues} />
              {note && (
                <>
                  {/* two sentences: the range, then why the other side's limits differ */}
                  {'. '}
                  <FormattedMessage
                    id={note[0]}
                    values={{ max: intl.formatNumber(note[1]), other: intl.formatNumber(note[1]) }}
                  />
                </>
              )}
            </span>
            <input
              className={formStyles.input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={form.customQuantity}
              placeholder={intl.formatMessage({ id: 'order.quantity.other' })}
              aria-invalid={quantityError ? true : undefined}
              aria-describedby={quantityError ? `${ids}-quantity-error` : undefined}
              onChange={(event) => choose({ type: 'customQuantity', typed: event.target.value })}
            />
          </label>
          {quantityError && (
            <span id={`${ids}-quantity-error`} className={formStyles.error} role="alert">
              {quantityError}
            </span>
          )}
          {selection.quantityMax !== null && (
            <label className={styles.custom}>
              <span className={styles.hint}>
                <FormattedMessage id="order.quantityMax" />
              </span>
              <input
                className={formStyles.input}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                data-testid="order-quantity-max"
                value={form.quantityMax ?? ''}
                placeholder={intl.formatNumber(selection.quantity ?? limits.min)}
                aria-invalid={errors.quantityMax ? true : undefined}
                aria-describedby={errors.quantityMax ? `${ids}-quantity-max-error` : undefined}
                onChange={(event) => {
                  const value = event.target.value.trim();
                  choose({ type: 'set', set: { quantityMax: parseWholeNumber(value) } });
                }}
              />
              {errors.quantityMax && (
                <span id={`${ids}-quantity-max-error`} className={formStyles.error} role="alert">
                  {say(errors.quantityMax, limitValues)}
                </span>
              )}
            </label>
          )}
        </fieldset>
      )}
    </>
  );
}
