import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { type Client, MAX_LINKS, type ServiceView } from '../../../shared/catalog.ts';
import type { LinkKind } from '../../../shared/link-rules.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import { shownSaving } from '../../../shared/pricing.ts';
import type { Currency } from '../../../shared/regions.ts';
import type { PublicUser } from '../../../shared/user.ts';
import type { VisitorState } from '../../../shared/visitor.ts';
import { button } from '../../components/button/button.ts';
import { Dropdown } from '../../components/dropdown/dropdown.tsx';
import { AgreementCheck } from '../../components/form/choices.tsx';
import { formStyles } from '../../components/form/text-field.tsx';
import { PlatformIcon } from '../../components/icons/platform-icon.tsx';
import { useLocale } from '../../lib/locale.ts';
import { formatMoney } from '../../lib/money.ts';
import { linkExample } from './link-examples.ts';
import type { OrderFormData } from './order-form.loader.ts';
import styles from './order-form.module.css';
import {
  errorsOf,
  type FormContext,
  priceOf,
  quotesFromInformers,
  type Selection,
  selectionOf,
  shownMethods,
} from './order-form.selection.ts';
import {
  orderFormActions as actions,
  type OrderFormState,
  servicesKey,
} from './order-form.slice.ts';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';
import { QuantityFields } from './quantity-fields.tsx';
import { ShortBalance, topUpAmount } from './short-balance.tsx';

/** The form's element id: package cards bring it into view. */
export const ORDER_FORM_ID = 'order-form';

interface RootLike {
  visitor: VisitorState;
  session: { user: PublicUser | null };
  orderForm: OrderFormState;
}

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
}

/**
 * The order form of every landing (SPEC §4): platform → service type → service, numerosity,
 * login or link, quantity, live price, payment methods, e-mail for guests. What was chosen
 * lives in the orderForm slice (saved to session storage by its saga); the rest is derived.
 */
export function OrderForm({
  data,
  pageId,
  pageService = null,
  client = 'CLIENT_MAIN',
  aside,
  onCurrencySwitch,
}: OrderFormProps) {
  const intl = useIntl();
  const locale = useLocale();
  const dispatch = useDispatch();
  const ids = useId();
  const visitor = useSelector((state: RootLike) => state.visitor);
  const user = useSelector((state: RootLike) => state.session.user);
  const form = useSelector((state: RootLike) => state.orderForm);

  const currency = (user?.cur ?? visitor.currency) as Currency;
  const platformChoice =
    form.platform && form.platform !== data.platform ? form.platform : data.platform;
  const cabinet = client === 'CLIENT_LK';
  // the page brings the storefront's services of its platform; the rest are fetched
  const services: ServiceView[] | null =
    !cabinet && platformChoice === data.platform
      ? data.services
      : (form.services[servicesKey(client, platformChoice)] ?? null);
  const context: FormContext = {
    pagePlatform: data.platform,
    pageService,
    services,
    staff: Boolean(user?.isStaff),
    loggedIn: Boolean(user),
    balance: user?.balance ?? 0,
    currency,
    client,
    methods: form.methods[currency] ?? null,
    metaRestricted: visitor.metaRestricted,
  };
  const selection = selectionOf(form, context);
  // guests' preset prices come with the page (informers); everything else from orderCost
  const seeded = useMemo(
    () => (user || cabinet ? {} : quotesFromInformers(data.informers)),
    [user, cabinet, data.informers],
  );
  const pair =
    priceOf(form, selection) ?? (selection.quoteKey ? seeded[selection.quoteKey] : null) ?? null;
  const price = pair?.[0] ?? null;
  // the cabinet's balance is short: topping up the rest picks the top-up's method (any but the
  // balance: a top-up is clamped to the method's limits), paying the order picks the order's
  const missing =
    cabinet && user && price !== null && price > user.balance ? price - user.balance : null;
  const toppingUp = missing !== null && form.shortChoice === 'topUp';
  const shown = toppingUp
    ? shownMethods(context, null).filter((entry) => entry.method.id !== BALANCE_METHOD_ID)
    : shownMethods(context, price);
  const errors = errorsOf(form, selection, context, shown);
  const chosenMethod = shown.find((entry) => entry.method.id === form.method)?.method;
  const { service, limits } = selection;

  useEffect(() => {
    dispatch(actions.formMounted({ pageId }));
  }, [dispatch, pageId]);
  const servicesFailed = Boolean(form.servicesFailed[servicesKey(client, selection.platform)]);
  const loadServices = () =>
    dispatch(actions.servicesNeeded({ platform: selection.platform, lang: locale, client }));
  useEffect(() => {
    if (!services && !servicesFailed)
      dispatch(actions.servicesNeeded({ platform: selection.platform, lang: locale, client }));
  }, [dispatch, services, selection.platform, locale, servicesFailed, client]);
  const quoteMissing = Boolean(selection.quoteKey && !pair);
  useEffect(() => {
    if (!quoteMissing || !selection.tag || selection.count === null) return;
    dispatch(
      actions.quoteNeeded({
        key: selection.quoteKey!,
        tag: selection.tag,
        count: selection.count,
        currency,
        client,
      }),
    );
  }, [
    dispatch,
    quoteMissing,
    selection.quoteKey,
    selection.tag,
    selection.count,
    currency,
    client,
  ]);
  useEffect(() => {
    if (!form.methods[currency]) dispatch(actions.methodsNeeded(currency));
  }, [dispatch, currency, form.methods]);
  // a chosen method that the new price hides or disables is no longer chosen
  const chosenState = shown.find((entry) => entry.method.id === form.method)?.state;
  useEffect(() => {
    if (form.method !== null && price !== null && (!chosenState || chosenState.disabled))
      dispatch(actions.methodCleared());
  }, [dispatch, form.method, price, chosenState]);
  // the cabinet pays from the balance first, whenever it comes to cover the price; a buyer who
  // then hides the panel has it hidden (the balance is chosen again only once it had not covered)
  const balanceShown = shown.some((entry) => entry.method.id === BALANCE_METHOD_ID);
  const balanceOffered = useRef(false);
  useEffect(() => {
    if (!balanceShown) balanceOffered.current = false;
    else if (cabinet && form.method === null && !balanceOffered.current) {
      balanceOffered.current = true;
      dispatch(actions.methodChosen(BALANCE_METHOD_ID));
    }
  }, [dispatch, cabinet, balanceShown, form.method]);
  // short of balance, either way needs a method: the panel opens when the balance falls short
  const short = missing !== null;
  useEffect(() => {
    if (short) dispatch(actions.methodsPanelOpened());
  }, [dispatch, short]);

  const say = (key: string | undefined, values: Record<string, string | number> = {}) =>
    key ? intl.formatMessage({ id: key }, values) : null;
  const limitValues = {
    min: intl.formatNumber(limits.min),
    max: intl.formatNumber(limits.max),
  };
  const show = form.attempted;
  const quantityError =
    form.customQuantity.trim() || show ? say(errors.quantity, limitValues) : null;
  const kinds = (service?.link_kinds ?? []) as LinkKind[];
  const linkCombo = kinds.join('-') || 'any';
  const multiple = selection.numerosity === 'multiple';

  function submit(event: FormEvent) {
    event.preventDefault();
    // rendered at once, so the fields at fault are marked before the focus looks for them
    flushSync(() => dispatch(actions.payAttempted()));
    if (Object.keys(errors).length || !selection.tag || selection.quantity === null) {
      // the first field at fault comes into view (clear of the sticky header) and gets the
      // focus, so a phone user sees what to fix
      const first = (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(
        '[aria-invalid="true"], [data-invalid="true"] input, [data-invalid="true"] textarea',
      );
      first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      first?.focus({ preventScroll: true });
      return;
    }
    if (toppingUp) {
      dispatch(
        actions.topUpRequested({
          amount: topUpAmount(missing, chosenMethod, currency),
          method: form.method!,
          agreement: form.agreement,
        }),
      );
      return;
    }
    dispatch(
      actions.orderSubmitted({
        tag: selection.tag,
        link: multiple ? selection.links.join('\n') : form.input.trim(),
        quantity: selection.quantity,
        posts: selection.auto ? selection.posts : null,
        quantityMax: selection.quantityMax,
        comments: selection.customComments ? selection.comments.join('\n') : null,
        count: selection.count ?? selection.quantity,
        currency,
        method: form.method!,
        email: user ? null : form.email.trim(),
        agreement: form.agreement,
        client,
      }),
    );
  }

  const formElement = (
    <form
      id={ORDER_FORM_ID}
      className={styles.card}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-heading`}
      data-platform={selection.platform}
      data-testid="order-form"
    >
      {/* the cabinet's page heading already says "New order" */}
      <h2 id={`${ids}-heading`} className={cabinet ? 'visually-hidden' : styles.heading}>
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
              title={intl.formatMessage({ id: `platform.${platform}` })}
              onClick={() => {
                if (platform !== selection.platform) dispatch(actions.platformChosen(platform));
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

      {!services && (
        <div className={styles.skeleton} aria-busy="true">
          {servicesFailed ? (
            <p className={styles.error} role="alert">
              <FormattedMessage id="order.servicesFailed" />{' '}
              <button type="button" className={styles.linkButton} onClick={loadServices}>
                <FormattedMessage id="order.retry" />
              </button>
            </p>
          ) : (
            <FormattedMessage id="order.loading" />
          )}
        </div>
      )}

      {services && !service && (
        <p className={styles.muted}>
          <FormattedMessage id="order.noServices" />
        </p>
      )}

      {service && (
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
                      if (first && type !== service.type)
                        dispatch(actions.serviceChosen(first.tag));
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
                            dispatch(actions.serviceChosen(entry.tag));
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
                  onClick={() => dispatch(actions.numerosityChanged(value))}
                >
                  <FormattedMessage id={`order.numerosity.${value}`} />
                </button>
              ))}
            </fieldset>
          )}

          <div className={formStyles.field}>
            <label htmlFor={`${ids}-input`} className={formStyles.label}>
              {multiple
                ? say('order.link.multiple', { max: MAX_LINKS })
                : say(`order.link.${linkCombo}`)}
            </label>
            {multiple ? (
              <textarea
                id={`${ids}-input`}
                className={`${formStyles.input} ${styles.textarea}`}
                rows={3}
                value={form.input}
                placeholder={linkExample(selection.platform, kinds)}
                aria-invalid={show && errors.input ? true : undefined}
                aria-describedby={show && errors.input ? `${ids}-input-error` : undefined}
                onChange={(event) => dispatch(actions.inputChanged(event.target.value))}
              />
            ) : (
              <input
                id={`${ids}-input`}
                className={formStyles.input}
                type="text"
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={form.input}
                placeholder={linkExample(selection.platform, kinds)}
                aria-invalid={show && errors.input ? true : undefined}
                aria-describedby={show && errors.input ? `${ids}-input-error` : undefined}
                onChange={(event) => dispatch(actions.inputChanged(event.target.value))}
              />
            )}
            {show && errors.input && (
              <span id={`${ids}-input-error`} className={formStyles.error} role="alert">
                {say(errors.input, { max: MAX_LINKS })}
              </span>
            )}
          </div>

          <QuantityFields
            ids={ids}
            selection={selection}
            form={form}
            errors={errors}
            show={show}
            quantityError={quantityError}
            cabinet={cabinet}
          />

          {!user && (
            <div className={formStyles.field}>
              <label htmlFor={`${ids}-email`} className={formStyles.label}>
                <FormattedMessage id="order.email" />
              </label>
              <input
                id={`${ids}-email`}
                className={formStyles.input}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={form.email}
                aria-invalid={show && errors.email ? true : undefined}
                aria-describedby={show && errors.email ? `${ids}-email-error` : undefined}
                onChange={(event) => dispatch(actions.emailChanged(event.target.value))}
              />
              {show && errors.email && (
                <span id={`${ids}-email-error`} className={formStyles.error} role="alert">
                  {say(errors.email)}
                </span>
              )}
            </div>
          )}

          <div className={styles.price} aria-live="polite" data-testid="order-price">
            <span className={styles.priceLabel}>
              <FormattedMessage id="order.price" />
            </span>
            {pair ? (
              <span className={styles.priceValue}>
                <strong data-testid="order-cost">{formatMoney(intl, pair[0], currency)}</strong>
                {shownSaving(pair[0], pair[1]) !== null && (
                  <>
                    <s className={styles.oldPrice}>
                      {formatMoney(intl, pair[0] + pair[1], currency)}
                    </s>
                    <span className={styles.saving}>
                      <FormattedMessage
                        id="order.discount"
                        values={{ amount: formatMoney(intl, pair[1], currency) }}
                      />
                    </span>
                  </>
                )}
              </span>
            ) : (
              <span className={styles.priceValue} aria-busy={selection.count !== null}>
                {selection.count !== null ? (
                  <span className={styles.priceSkeleton} />
                ) : form.customQuantity ? (
                  // a quantity out of range says which range, not a dash
                  <span className={styles.priceHint} data-testid="order-range">
                    <FormattedMessage
                      id="order.price.range"
                      values={{
                        min: intl.formatNumber(selection.limits.min),
                        max: intl.formatNumber(selection.limits.max),
                      }}
                    />
                  </span>
                ) : (
                  '—'
                )}
              </span>
            )}
          </div>
          {form.quoteError && quoteMissing && (
            <span className={formStyles.error} role="alert">
              <FormattedMessage id="order.error.quote" />
            </span>
          )}

          {missing !== null && price !== null && (
            <ShortBalance
              missing={missing}
              price={price}
              currency={currency}
              choice={form.shortChoice}
              onChoose={(choice) => dispatch(actions.shortChoiceChanged(choice))}
            />
          )}

          <PaymentMethodsPanel
            visible={form.methodsVisible}
            chosen={form.method}
            shown={shown}
            data={context.methods}
            currency={currency}
            error={show ? say(errors.method) : null}
            onToggle={() => dispatch(actions.methodsPanelToggled())}
            onChoose={(id) => dispatch(actions.methodChosen(id))}
            {...(onCurrencySwitch && !user ? { onCurrencySwitch } : {})}
          />

          {chosenMethod?.show_agreement_flag && (
            <AgreementCheck
              checked={form.agreement}
              error={show && errors.agreement ? say(errors.agreement) : null}
              onChange={(checked) => dispatch(actions.agreementToggled(checked))}
            />
          )}

          {form.submitError && (
            <p className={formStyles.alert} role="alert">
              <FormattedMessage id="order.error.submit" values={{ message: form.submitError }} />
            </p>
          )}
          <button
            type="submit"
            className={`${button('primary', { large: true })} ${styles.pay}`}
            disabled={form.submitting || form.toppingUp}
            aria-busy={form.submitting || form.toppingUp || undefined}
          >
            {form.submitting || form.toppingUp ? (
              <FormattedMessage id="order.submitting" />
            ) : toppingUp ? (
              <FormattedMessage
                id="order.topUpMissing"
                values={{
                  amount: formatMoney(intl, topUpAmount(missing, chosenMethod, currency), currency),
                }}
              />
            ) : pair ? (
              <FormattedMessage
                id="order.pay"
                values={{ amount: formatMoney(intl, pair[0], currency) }}
              />
            ) : (
              <FormattedMessage id="order.payNoPrice" />
            )}
          </button>
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
