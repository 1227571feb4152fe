import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useFetcher } from 'react-router';
import type { Client } from '../../../shared/catalog.ts';
import { BALANCE_METHOD_ID } from '../../../shared/payment-methods.ts';
import { shortLinkOf } from '../../../shared/short-links.ts';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { selectRates, selectUser, selectVisitor } from '../../lib/app-state.ts';
import { useLocale } from '../../lib/locale.ts';
import { choiceReducer, initialChoice, onPick } from './order-form.choice.ts';
import type { OrderFormData } from './order-form.loader.ts';
import {
  type LinksAnswer,
  lookUp,
  type MethodsAnswer,
  type PriceAnswer,
  type ServicesAnswer,
} from './order-form.routes.ts';
import {
  balanceStanding,
  chargeOf,
  errorsOf,
  formView,
  methodsInEffect,
  shownMethods,
} from './order-form.selection.ts';
import { orderFormActions, selectOrderForm } from './order-form.slice.ts';
import { load, persist } from './order-form.storage.ts';
import { topUpAmount } from './short-balance.tsx';

/** Price look-ups wait this long for the buyer to stop typing. */
export const QUOTE_DEBOUNCE_MS = 250;
/** A short link is followed once the buyer has stopped typing this long. */
export const LINK_DEBOUNCE_MS = 300;

export interface OrderFormOptions {
  data: OrderFormData;
  pageId: string;
  /** the tag a service page preselects */
  pageService: string | null;
  client: Client;
}

/** `load(url)` of a fetcher once `url` has stayed the same `ms` (none while it is null). */
function useDebouncedLoad(load: (url: string) => unknown, url: string | null, ms: number) {
  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => load(url), ms);
    return () => clearTimeout(timer);
  }, [load, url, ms]);
}

/**
 * The order form's state: what was chosen is the form's reducer (kept in session storage,
 * tied to the page), what follows is derived with order-form.selection.ts; the services of
 * another platform, the price and the payment methods are looked up through fetchers
 * (order-form.routes.ts) when the page's loader data lacks them; `submit` checks, then orders
 * or tops up the balance (the saga).
 */
export function useOrderForm({ data, pageId, pageService, client }: OrderFormOptions) {
  const intl = useIntl();
  const locale = useLocale();
  const dispatch = useDispatch();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const visitor = useSelector(selectVisitor);
  const rates = useSelector(selectRates);
  const user = useSelector(selectUser);
  const { submitting, submitError } = useSelector(selectOrderForm);
  const [form, choose] = useReducer(choiceReducer, initialChoice);

  // the tab's choice on this page once mounted (the first render is the server's), then kept
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    choose({ type: 'restored', choice: load(pageId) });
    setRestoredFor(pageId);
  }, [pageId]);
  useEffect(() => {
    if (restoredFor === pageId) persist(pageId, form);
  }, [restoredFor, pageId, form]);
  // a package card, or a link into the cabinet's form, picks the service (and quantity)
  useEffect(
    () =>
      onPick(formRef.current!, (pick) => {
        choose({ type: 'platform', platform: pick.platform });
        choose({ type: 'service', tag: pick.service });
        if (pick.quantity) choose({ type: 'quantity', quantity: pick.quantity });
      }),
    [],
  );

  const services = useFetcher<ServicesAnswer>();
  const price = useFetcher<PriceAnswer>();
  const methods = useFetcher<MethodsAnswer>();
  const payMethods = useFetcher<MethodsAnswer>();
  const links = useFetcher<LinksAnswer>();
  const looked = {
    services: services.data?.services ? { [services.data.key]: services.data.services } : {},
    methods: Object.fromEntries(
      [methods.data, payMethods.data].flatMap((answer) =>
        answer?.data ? [[answer.currency, answer.data]] : [],
      ),
    ),
    quotes: price.data?.pair ? { [price.data.key]: price.data.pair } : {},
  };
  const page = {
    platform: data.platform,
    service: pageService,
    client,
    services: data.services,
    informers: data.informers,
  };
  const visitorRates = { ...visitor, ...(rates ? { rates } : {}) };
  const { context, selection, pair } = formView(form, page, user, visitorRates, looked);
  const { currency } = context;
  const { quoteKey, tag, count } = selection;

  // what the page's loader data lacks: another platform's services (the cabinet's all), the
  // price of a quantity it has no price for, the currency's methods (each asked when it changes)
  const servicesKey = `${client}|${selection.platform}`;
  const servicesUrl = context.services
    ? null
    : lookUp('services', { platform: selection.platform, lang: locale, client });
  useDebouncedLoad(services.load, servicesUrl, 0);
  const servicesFailed =
    services.state === 'idle' && services.data?.key === servicesKey && !services.data.services;
  const priceUrl =
    quoteKey && tag && count !== null && !pair
      ? lookUp('price', { key: quoteKey, tag, count: String(count), cur: currency, client })
      : null;
  useDebouncedLoad(price.load, priceUrl, QUOTE_DEBOUNCE_MS);
  useDebouncedLoad(methods.load, lookUp('methods', { currency }), 0);
  const payCurrency = context.payCurrency;
  useDebouncedLoad(payMethods.load, payCurrency && lookUp('methods', { currency: payCurrency }), 0);

  // a short link is followed to where it leads before the link is checked (or paid)
  const shortLinks = form.input.split('\n').some((line) => shortLinkOf(line));
  const checking = shortLinks && links.data?.typed !== form.input;
  useDebouncedLoad(
    links.load,
    checking ? lookUp('links', { typed: form.input }) : null,
    LINK_DEBOUNCE_MS,
  );
  useEffect(() => {
    if (links.data) choose({ type: 'linksFollowed', ...links.data });
  }, [links.data]);

  const cost = pair?.[0] ?? null;
  const cabinet = client === 'CLIENT_LK';
  // the cabinet's balance is short: topping up the rest picks the top-up's method (any but the
  // balance: a top-up is clamped to the method's limits), paying the order picks the order's
  const missing =
    cabinet && user && cost !== null && cost > user.balance ? cost - user.balance : null;
  const toppingUp = missing !== null && form.shortChoice === 'topUp';
  const atPrice = shownMethods(context, cost);
  const shown = toppingUp
    ? shownMethods(context, null).filter((entry) => entry.method.id !== BALANCE_METHOD_ID)
    : atPrice;
  // the chosen method while usable, else the cabinet's balance while it covers the price
  const inEffect = methodsInEffect(form, shown, {
    standing: balanceStanding(context, atPrice, cost),
    quoteKey,
    priced: cabinet && Boolean(price.data?.pair),
  });
  const errors = errorsOf(
    { ...form, method: inEffect.method },
    selection,
    context,
    shown,
    checking,
  );
  const chosenMethod = shown.find((entry) => entry.method.id === inEffect.method)?.method;
  const topUp = missing !== null ? topUpAmount(missing, chosenMethod, currency) : null;
  // what a method of another currency charges (the balance always pays in the account's)
  const charge = chargeOf(context, toppingUp ? topUp : cost);
  const payIn =
    payCurrency && chosenMethod && chosenMethod.id !== BALANCE_METHOD_ID && charge !== null
      ? { pay_currency: payCurrency, charge }
      : null;

  const say = (key: string | undefined, values: Record<string, string | number> = {}) =>
    key ? intl.formatMessage({ id: key }, values) : null;
  const show = form.attempted;
  const { limits } = selection;
  const limitValues = { min: intl.formatNumber(limits.min), max: intl.formatNumber(limits.max) };
  const quantityError =
    form.customQuantity.trim() || show ? say(errors.quantity, limitValues) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    // paying in another currency waits for the charge it shows (the shop's rates)
    const chargePending = payCurrency !== null && chosenMethod?.id !== BALANCE_METHOD_ID && !payIn;
    // the errors show from the first attempt on; a refused one puts the focus on the first
    // field at fault (or the link being checked), so a phone user sees what to fix or wait for
    const attempted = () => choose({ type: 'set', set: { attempted: true } });
    const method = inEffect.method;
    const quantity = selection.quantity;
    if (
      Object.keys(errors).length ||
      !tag ||
      !quantity ||
      method === null ||
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
    const agreement = form.agreement;
    if (toppingUp) {
      dispatch(orderFormActions.topUpRequested({ amount: topUp!, method, agreement, ...payIn }));
      return;
    }
    const drip = selection.dripFeed;
    const subscription = cabinet && selection.auto;
    dispatch(
      orderFormActions.orderSubmitted({
        tag,
        link: selection.numerosity === 'multiple' ? selection.links.join('\n') : form.input.trim(),
        quantity,
        ...(selection.auto && selection.posts ? { posts: selection.posts } : {}),
        ...(selection.quantityMax ? { quantity_max: selection.quantityMax } : {}),
        ...(selection.customComments ? { comments: selection.comments.join('\n') } : {}),
        ...(drip ? { runs: drip.runs, interval: drip.interval } : {}),
        ...(subscription && form.delay ? { delay: form.delay } : {}),
        ...(subscription && form.expiry ? { expiry: form.expiry } : {}),
        ...(cabinet ? { client } : {}),
        currency,
        method,
        ...payIn,
        ...(user ? {} : { email: form.email.trim() }),
        agreement,
      }),
    );
  }

  return {
    ids,
    formRef,
    form,
    choose,
    user,
    currency,
    cabinet,
    context,
    selection,
    servicesFailed,
    retryServices: () => servicesUrl && services.load(servicesUrl),
    checking,
    pair,
    /** the price is being looked up, or its look-up failed */
    quoteError: Boolean(priceUrl && price.data?.key === quoteKey && price.data.error),
    missing,
    toppingUp,
    topUp,
    shown,
    errors,
    chosenMethod,
    methods: inEffect,
    togglePanel: () => choose({ type: 'togglePanel', shown: inEffect.visible, at: quoteKey }),
    charge,
    payIn,
    submitting,
    submitError,
    show,
    say,
    quantityError,
    submit,
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
