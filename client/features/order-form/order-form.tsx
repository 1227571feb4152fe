import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Client } from '../../../shared/catalog.ts';
import type { Currency } from '../../../shared/regions.ts';
import { AgreementCheck } from '../../components/form/choices.tsx';
import { formStyles } from '../../components/form/text-field.tsx';
import { EmailField } from './email-field.tsx';
import { LinkField } from './link-field.tsx';
import type { OrderFormData } from './order-form.loader.ts';
import styles from './order-form.module.css';
import type { Selection } from './order-form.selection.ts';
import { PayButton } from './pay-button.tsx';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';
import { PlatformPicker } from './platform-picker.tsx';
import { PriceLine } from './price-line.tsx';
import { QuantityFields } from './quantity-fields.tsx';
import { ServiceChoice } from './service-choice.tsx';
import { ShortBalance } from './short-balance.tsx';
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
  /** options after the quantity that only the cabinet offers (drip-feed, a subscription's) */
  options?: (model: OrderFormModel) => ReactNode;
}

/**
 * The order form of every landing and of the cabinet: platform → service type → service,
 * numerosity, login or link, quantity, live price, payment methods, e-mail for guests; its
 * state and rules are `useOrderForm`'s, each step a component of its own.
 */
export function OrderForm({
  data,
  pageId,
  pageService = null,
  client = 'CLIENT_MAIN',
  aside,
  onCurrencySwitch,
  options,
}: OrderFormProps) {
  const model = useOrderForm({ data, pageId, pageService, client });
  const { ids, form, choose, user, cabinet, context, selection, errors, show, say } = model;
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
      <h2 id={`${ids}-heading`} className={cabinet ? 'visually-hidden' : styles.heading}>
        <FormattedMessage id="order.heading" />
      </h2>
      <PlatformPicker model={model} />

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
          {!user && <EmailField model={model} />}
          <PriceLine model={model} />

          {model.missing !== null && model.pair && (
            <ShortBalance
              missing={model.missing}
              price={model.pair[0]}
              currency={model.currency}
              choice={form.shortChoice}
              onChoose={(shortChoice) => choose({ type: 'set', set: { shortChoice } })}
            />
          )}
          <PaymentMethodsPanel
            visible={model.methods.visible}
            chosen={model.methods.method}
            shown={model.shown}
            // paying in another currency: its groups of methods
            data={context.payCurrency ? context.payMethods : context.methods}
            currency={model.currency}
            error={show ? say(errors.method) : null}
            onToggle={model.togglePanel}
            onChoose={(id) => choose({ type: 'method', id })}
            {...(onCurrencySwitch && !user ? { onCurrencySwitch } : {})}
            {...(user
              ? {
                  payIn: {
                    currency: context.payCurrency,
                    charge: model.charge,
                    price: model.toppingUp ? model.missing : (model.pair?.[0] ?? null),
                    onChoose: (other: Currency | null) =>
                      choose({ type: 'payCurrency', currency: other }),
                  },
                }
              : {})}
          />
          {model.chosenMethod?.show_agreement_flag && (
            <AgreementCheck
              checked={form.agreement}
              error={show && errors.agreement ? say(errors.agreement) : null}
              onChange={(agreement) => choose({ type: 'set', set: { agreement } })}
            />
          )}

          {model.submitError && (
            <p className={formStyles.alert} role="alert">
              <FormattedMessage id="order.error.submit" values={{ message: model.submitError }} />
            </p>
          )}
          <PayButton model={model} />
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
