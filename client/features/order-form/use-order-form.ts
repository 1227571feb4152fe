import { type FormEvent, useEffect, useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import type { Client } from '../../../shared/catalog.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { selectRates, selectUser, selectVisitor } from '../../lib/app-state.ts';
import { useLocale } from '../../lib/locale.ts';
import type { OrderFormData } from './order-form.loader.ts';
import {
  balanceStanding,
  chargeOf,
  errorsOf,
  formView,
  linkChecking,
  methodsInEffect,
  shownMethods,
} from './order-form.selection.ts';
import { orderFormActions as actions, selectOrderForm, servicesKey } from './order-form.slice.ts';
import { topUpAmount } from './short-balance.tsx';

export interface OrderFormOptions {
  data: OrderFormData;
  pageId: string;
  /** the tag a service page preselects */
  pageService: string | null;
  client: Client;
}

/**
 * The order form's state (SPEC §4): what was chosen lives in the orderForm slice (saved to
 * session storage by its saga); the selection, the price, the methods shown, the method in
 * effect and the errors are derived with order-form.selection.ts; mounted, the form tells the
 * saga its page, and the saga asks for what is missing (services, a quote, the methods);
 * `submit` checks, then orders or tops up the balance.
 */
export function useOrderForm({ data, pageId, pageService, client }: OrderFormOptions) {
  const intl = useIntl();
  const locale = useLocale();
  const dispatch = useDispatch();
  const ids = useId();
  const visitor = useSelector(selectVisitor);
  const rates = useSelector(selectRates);
  const user = useSelector(selectUser);
  const form = useSelector(selectOrderForm);

  // the page as its loader gave it: the first render in the browser is the server's
  const page = useMemo(
    () => ({
      platform: data.platform,
      service: pageService,
      client,
      services: data.services,
      informers: data.informers,
    }),
    [data.platform, data.services, data.informers, pageService, client],
  );
  const cabinet = client === 'CLIENT_LK';
  const { context, selection, pair } = formView(form, page, user, {
    ...visitor,
    ...(rates ? { rates } : {}),
  });
  const { currency, services } = context;
  const price = pair?.[0] ?? null;
  // the cabinet's balance is short: topping up the rest picks the top-up's method (any but the
  // balance: a top-up is clamped to the method's limits), paying the order picks the order's
  const missing =
    cabinet && user && price !== null && price > user.balance ? price - user.balance : null;
  const toppingUp = missing !== null && form.shortChoice === 'topUp';
  const atPrice = shownMethods(context, price);
  const shown = toppingUp
    ? shownMethods(context, null).filter((entry) => entry.method.id !== BALANCE_METHOD_ID)
    : atPrice;
  // the chosen method while usable, else the cabinet's balance while it covers the price
  const methods = methodsInEffect(form, shown, {
    standing: balanceStanding(context, atPrice, price),
    quoteKey: selection.quoteKey,
    priced: cabinet && Object.keys(form.quotes).length > 0,
  });
  const errors = errorsOf({ ...form, method: methods.method }, selection, context, shown);
  // a short link is being followed: it is checked, and the order paid, once it is known
  const checking = linkChecking(form);
  const chosenMethod = shown.find((entry) => entry.method.id === methods.method)?.method;
  // what a method of another currency charges (the balance always pays in the account's)
  const topUpMinor = toppingUp ? topUpAmount(missing, chosenMethod, currency) : null;
  const charge = chargeOf(context, toppingUp ? topUpMinor : price);
  const payIn =
    context.payCurrency && chosenMethod && chosenMethod.id !== BALANCE_METHOD_ID && charge !== null
      ? { currency: context.payCurrency, charge }
      : null;
  const { limits } = selection;

  // the saga restores the tab's choice and asks for what is missing (services, quote, methods)
  useEffect(() => {
    dispatch(actions.formMounted({ pageId, page: { ...page, lang: locale }, view: formView }));
    return () => {
      dispatch(actions.formUnmounted());
    };
  }, [dispatch, pageId, page, locale]);
  const servicesFailed = Boolean(form.servicesFailed[servicesKey(client, selection.platform)]);
  const loadServices = () =>
    dispatch(actions.servicesNeeded({ platform: selection.platform, lang: locale, client }));
  const quoteMissing = Boolean(selection.quoteKey && !pair);
  const togglePanel = () =>
    dispatch(actions.methodsPanelToggled({ shown: methods.visible, at: selection.quoteKey }));

  const say = (key: string | undefined, values: Record<string, string | number> = {}) =>
    key ? intl.formatMessage({ id: key }, values) : null;
  const limitValues = {
    min: intl.formatNumber(limits.min),
    max: intl.formatNumber(limits.max),
  };
  const show = form.attempted;
  const quantityError =
    form.customQuantity.trim() || show ? say(errors.quantity, limitValues) : null;
  const multiple = selection.numerosity === 'multiple';

  function submit(event: FormEvent) {
    event.preventDefault();
    // paying in another currency waits for the charge it shows (the shop's rates)
    const chargePending =
      context.payCurrency !== null && chosenMethod?.id !== BALANCE_METHOD_ID && !payIn;
    // the errors show from the first attempt on; a refused one puts the focus on the first
    // field at fault (or the link being checked), so a phone user sees what to fix or wait for
    const attempted = () => dispatch(actions.payAttempted());
    if (
      Object.keys(errors).length ||
      !selection.tag ||
      selection.quantity === null ||
      chargePending ||
      checking
    ) {
      focusFirstInvalid(
        event.currentTarget as HTMLFormElement,
        attempted,
        checking ? `[id="${ids}-input"]` : undefined,
      );
      return;
    }
    attempted();
    if (toppingUp) {
      dispatch(
        actions.topUpRequested({
          amount: topUpAmount(missing, chosenMethod, currency),
          method: methods.method!,
          agreement: form.agreement,
          payIn,
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
        dripFeed: selection.dripFeed,
        subscription:
          cabinet && selection.auto ? { delay: form.delay, expiry: form.expiry || null } : null,
        count: selection.count ?? selection.quantity,
        currency,
        method: methods.method!,
        payIn,
        email: user ? null : form.email.trim(),
        agreement: form.agreement,
        client,
      }),
    );
  }

  return {
    ids,
    form,
    user,
    currency,
    cabinet,
    services,
    servicesFailed,
    loadServices,
    context,
    selection,
    checking,
    pair,
    price,
    quoteMissing,
    missing,
    toppingUp,
    shown,
    errors,
    chosenMethod,
    methods,
    charge,
    payIn,
    togglePanel,
    show,
    say,
    quantityError,
    submit,
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
