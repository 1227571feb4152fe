import {
  type Dispatch,
  type FormEvent,
  type RefObject,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useFetcher } from 'react-router';
import type { Client } from '#shared/catalog.ts';
import { BALANCE_METHOD_ID, chargeOf, shownMethods, topUpAmount } from '#shared/payment-methods.ts';
import type { Currency } from '#shared/regions.ts';
import type { OrderBody } from '#shared/schemas/orders.schemas.ts';
import { shortLinkOf } from '#shared/short-links.ts';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid.ts';
import { selectRates, selectUser, selectVisitor } from '../../lib/app-state.ts';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { useLocale } from '../../lib/locale.ts';
import type * as Answers from '../../lib/look-ups.ts';
import { lookUp, usePaymentMethods } from '../../lib/look-ups.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  type Choice,
  type ChoiceAction,
  choiceReducer,
  initialChoice,
  load,
  onPick,
  persist,
} from './order-form.choice.ts';
import * as rules from './order-form.selection.ts';
import { orderFormActions, selectOrderForm } from './order-form.slice.ts';

type OrderDelay = NonNullable<OrderBody['delay']>;

/** Price look-ups wait this long for the buyer to stop typing; short links this long. */
export const QUOTE_DEBOUNCE_MS = 250;
export const LINK_DEBOUNCE_MS = 300;

/** `load(url)` of a fetcher once `url` has stayed the same `ms` (none while it is null). */
function useDebouncedLoad(load: (url: string) => unknown, url: string | null | false, ms = 0) {
  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => load(url), ms);
    return () => clearTimeout(timer);
  }, [load, url, ms]);
}

/**
 * The form's choice: its reducer, the tab's choice on this page once mounted (the first render
 * is the server's), then kept; a package card, or a link into the cabinet's form, picks the
 * service (and quantity) on the form's element.
 */
function useChoice(pageId: string, formRef: RefObject<HTMLFormElement | null>) {
  const [form, choose] = useReducer(choiceReducer, initialChoice);
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    choose({ type: 'restored', choice: load(pageId) });
    setRestoredFor(pageId);
  }, [pageId]);
  useEffect(() => {
    if (restoredFor === pageId) persist(pageId, form);
  }, [restoredFor, pageId, form]);
  useEffect(
    () =>
      onPick(formRef.current!, (pick) => {
        choose({ type: 'platform', platform: pick.platform });
        choose({ type: 'service', tag: pick.service });
        if (pick.quantity) choose({ type: 'quantity', quantity: pick.quantity });
      }),
    [formRef],
  );
  return [form, choose] as const;
}

/**
 * A short link is followed to where it leads before the link is checked (or paid): true while
 * the input has one not followed yet.
 */
function useFollowedLinks(input: string, choose: Dispatch<ChoiceAction>) {
  const links = useFetcher<Answers.LinksAnswer>();
  const checking =
    input.split('\n').some((line) => shortLinkOf(line)) && links.data?.typed !== input;
  useDebouncedLoad(links.load, checking && lookUp('links', { typed: input }), LINK_DEBOUNCE_MS);
  useEffect(() => {
    if (links.data) choose({ type: 'linksFollowed', ...links.data });
  }, [links.data, choose]);
  return checking;
}

/**
 * The link rules load once the form is live, not among a first visit's files: until they are
 * here, a link waits for them as a short link waits to be followed.
 */
function useLinkRules() {
  const [checkLink, setCheckLink] = useState<rules.CheckLink | null>(null);
  useEffect(() => {
    let live = true;
    importWithReload(() => import('#shared/link-rules.ts')).then((module) => {
      if (live) setCheckLink(() => module.checkLink);
    });
    return () => {
      live = false;
    };
  }, []);
  return checkLink;
}

/** The order the form posts, once its checks passed (a tag, a quantity and a method). */
function orderOf(
  form: Choice,
  { context, selection }: ReturnType<typeof rules.formView>,
  method: number,
  payIn: { pay_currency: Currency; charge: number } | null,
): Parameters<typeof orderFormActions.orderSubmitted>[0] {
  const { client, currency } = context;
  const cabinet = client === 'CLIENT_LK';
  const { dripFeed: drip, auto } = selection;
  const { agreement, delay, expiry } = form;
  const subscription = cabinet && auto;
  return {
    tag: selection.tag!,
    link: selection.numerosity === 'multiple' ? selection.links.join('\n') : form.input.trim(),
    quantity: selection.quantity!,
    ...(selection.open ? { posts: 0 } : auto && selection.posts ? { posts: selection.posts } : {}),
    ...(selection.quantityMax ? { quantity_max: selection.quantityMax } : {}),
    ...(selection.customComments ? { comments: selection.comments.join('\n') } : {}),
    ...(drip ? { runs: drip.runs, interval: drip.interval } : {}),
    // the form offers SUBSCRIPTION_DELAYS only
    ...(subscription && delay ? { delay: delay as OrderDelay } : {}),
    ...(subscription && expiry ? { expiry } : {}),
    ...(cabinet ? { client } : {}),
    currency,
    method,
    ...payIn,
    ...(context.loggedIn ? {} : { email: form.email.trim() }),
    agreement,
  };
}

/** What the form's look-ups brought, in the shape the selection rules read. */
function lookedOf(
  services: Answers.ServicesAnswer | undefined,
  price: Answers.PriceAnswer | undefined,
  methods: rules.Looked['methods'],
): rules.Looked {
  return {
    services: services?.services
      ? { [rules.servicesKey(services.client, services.platform)]: services.services }
      : {},
    methods,
    quotes: price?.pair ? { [price.key]: price.pair } : {},
  };
}

/**
 * A subscription for every new post shows the balance alone: each of its post orders is
 * charged from the balance when placed, whatever it holds now.
 */
function balanceOnly(context: ReturnType<typeof rules.formView>['context']) {
  return (context.methods?.methods ?? [])
    .filter((entry) => entry.id === BALANCE_METHOD_ID)
    .map((entry) => ({ method: entry, state: { shown: true, disabled: false } as const }));
}

/**
 * The order form's state: the choice is the form's reducer (kept in session storage, tied to
 * the page); what follows is derived (order-form.selection.ts); another platform's services,
 * the price and the payment methods the page lacks are looked up through fetchers; `submit`
 * checks, then the saga orders or tops up the balance.
 */
export function useOrderForm(
  data: rules.OrderFormData,
  pageId: string,
  service: string | null,
  client: Client,
) {
  const intl = useIntl();
  const locale = useLocale();
  const dispatch = useDispatch();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const visitor = useSelector(selectVisitor);
  const rates = useSelector(selectRates);
  const user = useSelector(selectUser);
  const { submitting, submitError } = useSelector(selectOrderForm);
  const [form, choose] = useChoice(pageId, formRef);

  const services = useFetcher<Answers.ServicesAnswer>();
  const price = useFetcher<Answers.PriceAnswer>();
  const paying = rules.currenciesOf(form, user, visitor);
  const methods = usePaymentMethods(paying.currency, paying.payCurrency);
  const looked = lookedOf(services.data, price.data, methods);
  const visiting = { ...visitor, ...(rates ? { rates } : {}) };
  const page = { ...data, service, client };
  const view = rules.formView(form, page, user, visiting, looked);
  const { context, selection, pair } = view;
  const { currency, payCurrency } = context;
  const { quoteKey, tag, count, platform } = selection;

  // what the page's loader data lacks (each asked again when it changes)
  const servicesUrl = !context.services && lookUp('services', { platform, lang: locale, client });
  useDebouncedLoad(services.load, servicesUrl);
  const priceUrl =
    quoteKey && tag && count !== null && !pair
      ? lookUp('price', { key: quoteKey, tag, count: String(count), cur: currency, client })
      : null;
  useDebouncedLoad(price.load, priceUrl, QUOTE_DEBOUNCE_MS);
  const checking = useFollowedLinks(form.input, choose);
  const checkLink = useLinkRules();
  const linkWaits = checking || (!checkLink && form.input.trim() !== '');

  const cabinet = client === 'CLIENT_LK';
  const cost = pair?.[0] ?? null;
  // the cabinet's balance is short: topping up the rest picks the top-up's method (any but the
  // balance), paying the order the order's; a subscription for every new post pays nothing now
  const missing =
    cabinet && user && !selection.open && cost !== null && cost > user.balance
      ? cost - user.balance
      : null;
  const toppingUp = missing !== null && form.shortChoice === 'topUp';
  const atPrice = shownMethods(context, cost);
  const shown = selection.open
    ? balanceOnly(context)
    : toppingUp
      ? shownMethods(context, null).filter((entry) => entry.method.id !== BALANCE_METHOD_ID)
      : atPrice;
  const inEffect = rules.methodsInEffect(form, shown, {
    standing: rules.balanceStanding(context, atPrice, cost),
    quoteKey,
    priced: cabinet && Boolean(price.data?.pair),
  });
  const method = selection.open ? (shown[0]?.method.id ?? null) : inEffect.method;
  const chosenMethod = shown.find((entry) => entry.method.id === method)?.method;
  const topUp = missing !== null ? topUpAmount(missing, chosenMethod, currency) : null;
  // what a method of another currency charges (the balance always pays in the account's)
  const charge = chargeOf(context, toppingUp ? topUp : cost);
  const byOther = payCurrency !== null && chosenMethod?.id !== BALANCE_METHOD_ID;
  const payIn =
    payCurrency && byOther && chosenMethod && charge !== null
      ? { pay_currency: payCurrency, charge }
      : null;
  const errors = rules.errorsOf(
    { ...form, method },
    selection,
    context,
    shown,
    linkWaits,
    checkLink,
  );
  const say = (key: string | undefined, values: Record<string, string | number> = {}) =>
    key ? intl.formatMessage({ id: key }, values) : null;
  const money = (amount: number, cur: Currency = currency) => formatMoney(intl, amount, cur);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // errors show from the first attempt on; a refused one puts the focus on the first field
    // at fault (or the link being checked); paying in another currency waits for its charge
    const attempted = () => choose({ type: 'set', set: { attempted: true } });
    const { quantity } = selection;
    if (
      Object.keys(errors).length ||
      !tag ||
      !quantity ||
      method === null ||
      (byOther && !payIn) ||
      linkWaits
    ) {
      focusFirstInvalid(event.currentTarget, attempted, linkWaits ? '[name="link"]' : undefined);
      return;
    }
    attempted();
    if (toppingUp) {
      const { agreement } = form;
      dispatch(orderFormActions.topUpRequested({ amount: topUp!, method, agreement, ...payIn }));
      return;
    }
    dispatch(orderFormActions.orderSubmitted(orderOf(form, view, method, payIn)));
  }

  return {
    ids,
    formRef,
    form,
    choose,
    say,
    money,
    show: form.attempted,
    errors,
    user,
    cabinet,
    currency,
    context,
    selection,
    pair,
    /** the price's look-up failed */
    quoteError: Boolean(priceUrl && price.data?.key === quoteKey && price.data.error),
    servicesFailed:
      services.state === 'idle' &&
      services.data?.client === client &&
      services.data.platform === platform &&
      !services.data.services,
    retryServices: () => servicesUrl && services.load(servicesUrl),
    checking,
    missing,
    toppingUp,
    topUp,
    shown,
    chosenMethod,
    methods: inEffect,
    togglePanel: () => choose({ type: 'togglePanel', shown: inEffect.visible, at: quoteKey }),
    charge,
    payIn,
    submitting,
    submitError,
    submit,
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
