import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Client } from '#shared/catalog.ts';
import { shownSaving } from '#shared/pricing.ts';
import type { Currency } from '#shared/regions.ts';
import { button } from '../../components/button/button.ts';
import { AgreementCheck } from '../../components/form/choices.tsx';
import { formStyles, TextField } from '../../components/form/text-field.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import { ErrorText, LinkField, QuantityFields, ServiceChoice } from './order-form.fields.tsx';
import styles from './order-form.module.css';
import type { OrderFormData, Selection } from './order-form.selection.ts';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';
import { type OrderFormModel, useOrderForm } from './use-order-form.ts';

/** The form's element id: package cards bring it into view (and pick into it). */
export const ORDER_FORM_ID = 'order-form';

interface OrderFormProps {
  data: OrderFormData;
  pageId: string;
  /** the tag a service page preselects */
  pageService?: string | null;
  /** CLIENT_LK: the cabinet's services, prices and limits, paid from the balance first */
  client?: Client;
  /** what stands beside the form (the cabinet's facts about the chosen service) */
  aside?: (selection: Selection) => ReactNode;
  /** the page lets a guest pay in another currency (a rouble buyer with a foreign card) */
  onCurrencySwitch?: (currency: Currency) => void;
  /** what only the cabinet offers after the quantity (its comments, drip-feed, a subscription) */
  options?: (model: OrderFormModel) => ReactNode;
  /** the cabinet's word on its balance against the price, before the methods */
  balance?: (model: OrderFormModel) => ReactNode;
}

/**
 * The order form of every landing and of the cabinet: platform, service type and service,
 * the login or link, quantity, live price, payment methods, a guest's e-mail, one button.
 */
export function OrderForm(props: OrderFormProps) {
  const { data, pageId, pageService = null, client = 'CLIENT_MAIN', aside, options } = props;
  const model = useOrderForm(data, pageId, pageService, client);
  const { ids, form, choose, user, context, selection, errors, show, say } = model;
  const { service } = selection;

  const formElement = (
    <form
      ref={model.formRef}
      id={ORDER_FORM_ID}
      className={styles.card}
      onSubmit={model.submit}
      noValidate
      aria-labelledby={`${ids}-heading`}
      data-platform={selection.platform}
      data-testid="order-form"
    >
      {/* the cabinet's page heading already says "New order" */}
      <h2 id={`${ids}-heading`} className={model.cabinet ? 'visually-hidden' : styles.heading}>
        <FormattedMessage id="order.heading" />
      </h2>
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
              title={say(`platform.${platform}`)!}
              onClick={() => {
                if (platform !== selection.platform) choose({ type: 'platform', platform });
              }}
            >
              {platform === 'fake' ? (
                <span aria-hidden="true">F</span>
              ) : (
                <PlatformIcon platform={platform} size={22} />
              )}
              <span className="visually-hidden">{say(`platform.${platform}`)}</span>
            </button>
          ))}
        </div>
      </fieldset>

      {!context.services && (
        <div className={styles.skeleton} aria-busy="true">
          {model.servicesFailed ? (
            <p className={styles.error} role="alert">
              <FormattedMessage id="order.servicesFailed" />{' '}
              <button type="button" className={styles.linkButton} onClick={model.retryServices}>
                <FormattedMessage id="order.retry" />
              </button>
            </p>
          ) : (
            <FormattedMessage id="order.loading" />
          )}
        </div>
      )}
      {context.services && !service && (
        <p className={styles.muted}>
          <FormattedMessage id="order.noServices" />
        </p>
      )}

      {service && (
        <>
          <ServiceChoice model={model} service={service} />
          <LinkField model={model} />
          <QuantityFields model={model} />
          {options?.(model)}
          {!user && (
            <TextField
              label={say('order.email')!}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.email}
              error={show ? say(errors.email) : null}
              onChange={(event) => choose({ type: 'set', set: { email: event.target.value } })}
            />
          )}
          <Checkout
            model={model}
            onCurrencySwitch={props.onCurrencySwitch}
            balance={props.balance}
          />
        </>
      )}
    </form>
  );
  if (!aside) return formElement;
  return (
    <div className={styles.withAside}>
      {formElement}
      {aside(selection)}
    </div>
  );
}

/** The live price, the way to pay (or top up) and the one button. */
function Checkout(props: {
  model: OrderFormModel;
  onCurrencySwitch?: ((currency: Currency) => void) | undefined;
  balance?: ((model: OrderFormModel) => ReactNode) | undefined;
}) {
  const { model } = props;
  const intl = useIntl();
  const { form, choose, selection, errors, show, say, pair, money } = model;
  return (
    <>
      {/* the live price: the cost, the price before a saving worth showing, a skeleton
              while it is asked for, or the range a quantity out of limits must keep to */}
      <div className={styles.price} aria-live="polite" data-testid="order-price">
        <span className={styles.priceLabel}>
          {/* every new post: what each post order will cost, nothing is charged now */}
          <FormattedMessage id={selection.open ? 'order.pricePerPost' : 'order.price'} />
        </span>
        <span className={styles.priceValue} aria-busy={!pair && selection.count !== null}>
          {pair ? (
            <>
              <strong data-testid="order-cost">{money(pair[0])}</strong>
              {shownSaving(pair[0], pair[1]) !== null && (
                <>
                  <s className={styles.oldPrice}>{money(pair[0] + pair[1])}</s>
                  <span className={styles.saving}>
                    {say('order.discount', { amount: money(pair[1]) })}
                  </span>
                </>
              )}
            </>
          ) : selection.count !== null ? (
            <span className={styles.priceSkeleton} />
          ) : form.customQuantity ? (
            <span className={styles.priceHint} data-testid="order-range">
              {say('order.price.range', {
                min: intl.formatNumber(selection.limits.min),
                max: intl.formatNumber(selection.limits.max),
              })}
            </span>
          ) : (
            '—'
          )}
        </span>
      </div>
      <ErrorText>{model.quoteError && say('order.error.quote')}</ErrorText>

      {props.balance?.(model)}
      {!selection.open && (
        <PaymentMethodsPanel model={model} onCurrencySwitch={props.onCurrencySwitch} />
      )}
      {model.chosenMethod?.show_agreement_flag && (
        <AgreementCheck
          checked={form.agreement}
          error={show ? say(errors.agreement) : null}
          onChange={(agreement) => choose({ type: 'set', set: { agreement } })}
        />
      )}

      {model.submitError && (
        <p className={formStyles.alert} role="alert">
          {say('order.error.submit', { message: model.submitError })}
        </p>
      )}
      <button
        type="submit"
        className={`${button('primary', { large: true })} ${styles.pay}`}
        disabled={model.submitting}
        aria-busy={model.submitting || undefined}
      >
        {model.submitting
          ? say('order.submitting')
          : selection.open
            ? say('order.subscription.start')
            : model.payIn // a card of another currency: what it is charged
              ? say(model.toppingUp ? 'order.topUpMissing' : 'order.pay', {
                  amount: money(model.payIn.charge, model.payIn.pay_currency),
                })
              : model.toppingUp
                ? say('order.topUpMissing', { amount: money(model.topUp ?? 0) })
                : pair
                  ? say('order.pay', { amount: money(pair[0]) })
                  : say('order.payNoPrice')}
      </button>
    </>
  );
}
