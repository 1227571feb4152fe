import { type FormEvent, useEffect, useId, useMemo, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import type { Client, ServiceView } from '../../../shared/catalog.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
import { selectUser, selectVisitor } from '../../lib/app-state.ts';
import { useLocale } from '../../lib/locale.ts';
import type { OrderFormData } from './order-form.loader.ts';
import {
  errorsOf,
  type FormContext,
  priceOf,
  quotesFromInformers,
  selectionOf,
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
 * session storage by its saga); the selection, the price, the methods shown and the errors
 * are derived here; the effects ask for what is missing (services, a quote, the methods) and
 * keep the chosen method valid; `submit` checks, then orders or tops up the balance.
 */
export function useOrderForm({ data, pageId, pageService, client }: OrderFormOptions) {
  const intl = useIntl();
  const locale = useLocale();
  const dispatch = useDispatch();
  const ids = useId();
  const visitor = useSelector(selectVisitor);
  const user = useSelector(selectUser);
  const form = useSelector(selectOrderForm);

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
  const { limits } = selection;

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
    pair,
    price,
    quoteMissing,
    missing,
    toppingUp,
    shown,
    errors,
    chosenMethod,
    show,
    say,
    quantityError,
    submit,
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
