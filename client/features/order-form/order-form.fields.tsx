import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_LINKS, MAX_POSTS, type ServiceView } from '#shared/catalog.ts';
import type { LinkKind } from '#shared/link-rules.ts';
import { parseWholeNumber } from '#shared/numbers.ts';
import { LINK_EXAMPLES, type Platform } from '#shared/platforms.ts';
import { Dropdown } from '../../components/dropdown/dropdown.tsx';
import { formStyles } from '../../components/form/text-field.tsx';
import styles from './order-form.module.css';
import type { OrderFormModel } from './use-order-form.ts';

/** A control's ties to its error message under it (`<id>-error`). */
const tied = (id: string, error: unknown) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A field's error message (nothing without one), tied to the field by `id`. */
export function ErrorText({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <span id={id} className={formStyles.error} role="alert">
      {children}
    </span>
  );
}

/**
 * What to boost: the service type's chips, the service among several of a type (a dropdown of
 * names with their descriptions) and, where a `_MULTI` twin exists, one post or several.
 */
export function ServiceChoice({ model, service }: { model: OrderFormModel; service: ServiceView }) {
  const { ids, selection, choose, say } = model;
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={formStyles.label}>{say('order.type')}</legend>
        <div className={styles.chips}>
          {selection.types.map((type) => (
            <button
              key={type}
              type="button"
              className={styles.chip}
              aria-pressed={type === service.type}
              onClick={() => {
                const first = model.context.services?.find(
                  (entry) => entry.type === type && !entry.tag.includes('_MULTI'),
                );
                if (first && type !== service.type) choose({ type: 'service', tag: first.tag });
              }}
            >
              {say(`order.type.${type}`)}
            </button>
          ))}
        </div>
      </fieldset>

      {selection.ofType.length > 1 && (
        <div className={formStyles.field}>
          <span className={formStyles.label} id={`${ids}-service`}>
            {say('order.service')}
          </span>
          <Dropdown
            id="order-service"
            block
            align="start"
            label={say('order.service')!}
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
          <legend className="visually-hidden">{say('order.numerosity')}</legend>
          {(['single', 'multiple'] as const).map((numerosity) => (
            <button
              key={numerosity}
              type="button"
              aria-pressed={selection.numerosity === numerosity}
              onClick={() => choose({ type: 'set', set: { numerosity } })}
            >
              {say(`order.numerosity.${numerosity}`)}
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
}

/**
 * The login or link the order is for, named for the service's link kinds; several posts take
 * one link a line. While a short link is followed, it says so instead of an error.
 */
export function LinkField({ model }: { model: OrderFormModel }) {
  const { ids, form, choose, selection, errors, show, say, checking } = model;
  const error = show && !checking ? errors.input : undefined;
  const kinds = (selection.service?.link_kinds ?? []) as LinkKind[];
  const multiple = selection.numerosity === 'multiple';
  const id = `${ids}-input`;
  const control = {
    ...tied(id, error),
    name: 'link',
    className: multiple ? `${formStyles.input} ${styles.textarea}` : formStyles.input,
    value: form.input,
    // a real-looking example of the service's first link kind
    placeholder:
      (kinds[0] && LINK_EXAMPLES[selection.platform as Platform]?.[kinds[0]]) ?? 'https://',
    ...(checking && !error ? { 'aria-describedby': `${id}-status` } : {}),
    onChange: (event: { target: { value: string } }) =>
      choose({ type: 'input', input: event.target.value }),
  };
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {multiple
          ? say('order.link.multiple', { max: MAX_LINKS })
          : say(`order.link.${kinds.join('-') || 'any'}`)}
      </label>
      {multiple ? (
        <textarea rows={3} {...control} />
      ) : (
        <input
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...control}
        />
      )}
      {checking ? (
        <span id={`${id}-status`} className={styles.hint} role="status">
          {say('order.link.checking')}
        </span>
      ) : (
        <ErrorText id={`${id}-error`}>{say(error, { max: MAX_LINKS })}</ErrorText>
      )}
    </div>
  );
}

/**
 * How much: the posts of an auto order, then the quantity presets and a custom amount (the
 * cabinet's auto orders add the most per post), or, for the cabinet's comment orders, the
 * comments themselves, whose number is the quantity.
 */
export function QuantityFields({ model }: { model: OrderFormModel }) {
  const intl = useIntl();
  const { ids, selection, form, choose, errors, show, say, cabinet } = model;
  const { limits, service } = selection;
  const number = (value: number) => intl.formatNumber(value);
  const range = { min: number(limits.min), max: number(limits.max) };
  const quantityError = form.customQuantity.trim() || show ? say(errors.quantity, range) : null;
  // why the storefront's and the cabinet's limits differ: a guest learns an account orders
  // more at once, a buyer in the cabinet what the public site takes (staff have their own)
  const other = service?.max_order_other ?? service?.max_order;
  const differ = other !== undefined && other !== service!.max_order;
  const note =
    !differ || limits.max !== service!.max_order
      ? null
      : cabinet
        ? 'order.quantity.accountLimits'
        : other > service!.max_order
          ? 'order.quantity.moreFromAccount'
          : null;
  const whole = (typed: string, digits?: number) => parseWholeNumber(typed.trim(), digits);
  return (
    <>
      {/* the cabinet asks for a subscription's posts with its other terms (its options) */}
      {selection.auto && !cabinet && (
        <div className={formStyles.field}>
          <label htmlFor={`${ids}-posts`} className={formStyles.label}>
            {say('order.posts')}
          </label>
          <input
            {...tied(`${ids}-posts`, errors.posts)}
            className={formStyles.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_POSTS}
            value={form.quantityPosts ?? selection.posts}
            onChange={(event) =>
              choose({ type: 'set', set: { quantityPosts: whole(event.target.value, 4) } })
            }
          />
          <span className={styles.hint}>
            {say('order.posts.hint', { quantity: number(selection.quantity ?? 0) })}
          </span>
          <ErrorText id={`${ids}-posts-error`}>{say(errors.posts, { max: MAX_POSTS })}</ErrorText>
        </div>
      )}

      {/* the cabinet's comment orders take their comments instead (its options) */}
      {!selection.customComments && (
        <fieldset className={styles.group} data-invalid={quantityError ? true : undefined}>
          <legend className={formStyles.label}>
            {say(
              selection.quantityMax !== null
                ? 'order.quantityLeast'
                : selection.auto
                  ? 'order.quantityPerPost'
                  : 'order.quantity',
            )}
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
                {number(value)}
              </button>
            ))}
          </div>
          <label className={styles.custom}>
            <span className={styles.hint}>
              <FormattedMessage id="order.quantity.custom" values={range} />
              {/* two sentences: the range, then why the other side's limits differ */}
              {note && `. ${say(note, { max: number(other!), other: number(other!) })}`}
            </span>
            <input
              {...tied(`${ids}-quantity`, quantityError)}
              className={formStyles.input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={form.customQuantity}
              placeholder={say('order.quantity.other')!}
              onChange={(event) => choose({ type: 'customQuantity', typed: event.target.value })}
            />
          </label>
          <ErrorText id={`${ids}-quantity-error`}>{quantityError}</ErrorText>
          {selection.quantityMax !== null && (
            <label className={styles.custom}>
              <span className={styles.hint}>{say('order.quantityMax')}</span>
              <input
                {...tied(`${ids}-quantity-max`, errors.quantityMax)}
                className={formStyles.input}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                data-testid="order-quantity-max"
                value={form.quantityMax ?? ''}
                placeholder={number(selection.quantity ?? limits.min)}
                onChange={(event) =>
                  choose({ type: 'set', set: { quantityMax: whole(event.target.value) } })
                }
              />
              <ErrorText id={`${ids}-quantity-max-error`}>
                {say(errors.quantityMax, range)}
              </ErrorText>
            </label>
          )}
        </fieldset>
      )}
    </>
  );
}
