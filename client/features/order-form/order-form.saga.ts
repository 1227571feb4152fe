import {
  all,
  call,
  cancelled,
  delay,
  fork,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { CurrencyRate } from '../../../shared/api-contract/catalog.ts';
import type { CatalogPlatform, Client } from '../../../shared/catalog.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { PlacedOrder } from '../../../shared/orders.ts';
import type { Currency } from '../../../shared/regions.ts';
import { pagePath } from '../../../shared/routes.ts';
import { shortLinkOf } from '../../../shared/short-links.ts';
import type { PublicUser } from '../../../shared/user.ts';
import type { VisitorState } from '../../../shared/visitor.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { selectLocale } from '../../lib/locale.ts';
import { ratesAnewIfMoved } from '../../lib/rates-effects.ts';
import type { PayloadAction } from '../../lib/slice.ts';
import type { FormView, formView } from './order-form.selection.ts';
import {
  orderFormActions as actions,
  type FormPage,
  type OrderFormState,
  type OrderPayload,
  type QuoteRequest,
  servicesKey,
  type TopUpRequest,
} from './order-form.slice.ts';
import { load, remove, save, savedFor } from './order-form.storage.ts';

/** Price look-ups wait this long for the buyer to stop typing. */
export const QUOTE_DEBOUNCE_MS = 250;

/** A short link is followed once the buyer has stopped typing this long. */
export const LINK_DEBOUNCE_MS = 300;

const formOf = (state: { orderForm: OrderFormState }) => state.orderForm;

let currentPage = '';

function* restore(action: PayloadAction<{ pageId: string }>) {
  currentPage = action.payload.pageId;
  const choice = load(currentPage);
  if (!savedFor(currentPage)) {
    // a choice made on another page is not this page's: forget it, so no later save here
    // makes it look like one
    remove(['platform', 'service', 'numerosity', 'quantityPosts', 'quantity', 'input']);
    save({ page: currentPage });
  }
  if (Object.keys(choice).length) yield put(actions.restored(choice));
}

/** SPEC §4: what is saved to and removed from session storage, action by action. */
function* persist(action: PayloadAction<unknown>) {
  const form: OrderFormState = yield select(formOf);
  const page = currentPage || null;
  switch (action.type) {
    case actions.platformChosen.type:
      // the same platform again changes nothing (the reducer kept the service)
      if (form.service !== null) break;
      remove(['service', 'numerosity', 'quantityPosts', 'quantity', 'input']);
      save({ page, platform: form.platform });
      break;
    case actions.serviceChosen.type:
      save({ page, platform: form.platform, service: form.service, numerosity: form.numerosity });
      break;
    case actions.serviceUnset.type:
      remove(['numerosity', 'quantityPosts', 'quantity', 'service', 'input']);
      break;
    case actions.numerosityChanged.type:
      save({ page, numerosity: form.numerosity });
      break;
    case actions.inputChanged.type:
    case actions.linkResolved.type:
      save({ page, input: form.input || null });
      break;
    case actions.quantityChosen.type:
    case actions.customQuantityChanged.type:
      save({ page, quantity: form.quantity });
      break;
    case actions.postsChanged.type:
      save({ page, quantityPosts: form.quantityPosts });
      break;
    case actions.methodsPanelToggled.type:
    case actions.methodChosen.type:
      save({ methodsVisible: form.methodsVisible });
      break;
    case actions.emailChanged.type:
      save({ email: form.email.trim() || null });
      break;
  }
}

/** Where a line's short link leads (null: no short link, or one that cannot be followed). */
function* follow(link: string | null) {
  if (!link) return null;
  try {
    return (yield* callEffect('POST unshorten', { body: { link } })).url;
  } catch (error) {
    // checked as typed: a short link the API could not follow is the buyer's to fix
    console.warn('unshorten: not followed', link, error);
    return null;
  }
}

/**
 * A short link the buyer typed or pasted (a line of it, for several posts) is followed to
 * where it leads before the form checks it (POST unshorten): the form says it checks the link
 * meanwhile, then the slice puts where it leads in its place (and it is ordered), unless that
 * is no platform's link; one that cannot be followed stays as typed and is checked as it is.
 * A newer input cancels the walk (takeLatest).
 */
function* resolveShortLinks() {
  const { input }: OrderFormState = yield select(formOf);
  const lines = input.split('\n');
  const short = lines.map((line) => shortLinkOf(line));
  if (!short.some(Boolean)) return;
  yield put(actions.linkResolving(input));
  yield delay(LINK_DEBOUNCE_MS);
  const followed: (string | null)[] = yield all(short.map((link) => call(follow, link)));
  yield put(actions.linkResolved({ typed: input, followed }));
}

/**
 * orderCost for the form's [tag, count, currency]: debounced, and a newer request cancels
 * the one in flight (takeLatest), so the price shown is always the latest asked.
 */
function* lookUpQuote(action: PayloadAction<QuoteRequest>) {
  const { key, tag, count, currency, client } = action.payload;
  const known: OrderFormState = yield select(formOf);
  if (known.quotes[key]) return;
  yield delay(QUOTE_DEBOUNCE_MS);
  const controller = new AbortController();
  try {
    const pair = yield* callEffect('GET prices/orderCost', {
      query: {
        tag,
        count: String(count),
        cur: currency,
        ...(client === 'CLIENT_LK' ? { client } : {}),
      },
      signal: controller.signal,
    });
    yield put(actions.quoteLoaded({ key, pair }));
  } catch (error) {
    const wasCancelled: boolean = yield cancelled();
    if (!wasCancelled) yield put(actions.quoteFailed((error as Error).message));
  } finally {
    const wasCancelled: boolean = yield cancelled();
    if (wasCancelled) controller.abort();
  }
}

/** What the form lacks and the saga asks for: services, a quote, the currency's methods. */
export interface FormNeeds {
  /** the platform whose services are missing (and did not fail: the buyer retries those) */
  services: CatalogPlatform | null;
  quote: QuoteRequest | null;
  methods: Currency | null;
}

/** What the form lacks, from its view of the state (order-form.selection.ts's formView). */
export function needsOf(
  { context, selection, pair }: FormView,
  state: OrderFormState,
  client: Client,
): FormNeeds {
  const failed = state.servicesFailed[servicesKey(client, selection.platform)];
  const { quoteKey: key, tag, count } = selection;
  return {
    services: !context.services && !failed ? selection.platform : null,
    quote:
      key && tag && count !== null && !pair
        ? { key, tag, count, currency: context.currency, client }
        : null,
    // its own currency's first, then (an account paying in another) that one's
    methods: !context.methods
      ? context.currency
      : context.payCurrency && !context.payMethods
        ? context.payCurrency
        : null,
  };
}

type AppState = {
  orderForm: OrderFormState;
  session?: { user: PublicUser | null };
  visitor?: (VisitorState & { rates?: CurrencyRate[] }) | null;
};

/**
 * Asks for what the form on screen lacks, after anything that changes it: the services of the
 * platform in effect, the quote of the selection, the methods of the currency. A quote or the
 * methods already asked for are not asked again (a newer look-up would cancel it) until
 * something else was asked in between, or the form is mounted again.
 */
function* askForNeeds() {
  let page: FormPage | undefined;
  let view: typeof formView | undefined;
  let askedQuote: string | null = null;
  let askedMethods: string | null = null;
  const needsNow = (state: AppState) =>
    page && view && state.visitor
      ? needsOf(
          view(state.orderForm, page, state.session?.user ?? null, state.visitor),
          state.orderForm,
          page.client,
        )
      : null;
  yield takeEvery(NEEDS_TRIGGERS, function* ask(action: { type: string }) {
    if (actions.formMounted.match(action)) {
      page = action.payload.page;
      view = action.payload.view as typeof formView | undefined;
      askedQuote = askedMethods = null;
    } else if (actions.formUnmounted.match(action)) page = view = undefined;
    const needs: FormNeeds | null = yield select(needsNow);
    if (!page || !needs) return;
    if (needs.services)
      yield put(
        actions.servicesNeeded({ platform: needs.services, lang: page.lang, client: page.client }),
      );
    if (needs.quote && needs.quote.key !== askedQuote) {
      askedQuote = needs.quote.key;
      yield put(actions.quoteNeeded(needs.quote));
    } else if (!needs.quote) askedQuote = null;
    if (needs.methods && needs.methods !== askedMethods) {
      askedMethods = needs.methods;
      yield put(actions.methodsNeeded(needs.methods));
    } else if (!needs.methods) askedMethods = null;
  });
}

/** What changes what the form needs: the page, the choice, what was loaded, who pays in what. */
const NEEDS_TRIGGERS = [
  actions.formMounted.type,
  actions.formUnmounted.type,
  actions.restored.type,
  actions.platformChosen.type,
  actions.serviceChosen.type,
  actions.serviceUnset.type,
  actions.numerosityChanged.type,
  actions.inputChanged.type,
  actions.quantityChosen.type,
  actions.customQuantityChanged.type,
  actions.postsChanged.type,
  actions.quantityMaxChanged.type,
  actions.commentsChanged.type,
  actions.dripFeedToggled.type,
  actions.runsChanged.type,
  actions.runIntervalChanged.type,
  actions.servicesLoaded.type,
  actions.methodsLoaded.type,
  actions.payCurrencyChosen.type,
  // the visitor's and the session's (features do not import each other's slices)
  'visitor/currencyChanged',
  'session/userLoaded',
];

/** Services being fetched, by servicesKey: asked again meanwhile, they are not fetched twice. */
const servicesInFlight = new Set<string>();

function* loadServices(
  action: PayloadAction<{ platform: CatalogPlatform; lang: string; client: Client }>,
) {
  const { platform, lang, client } = action.payload;
  const key = servicesKey(client, platform);
  const known: OrderFormState = yield select(formOf);
  if (known.services[key] || servicesInFlight.has(key)) return;
  servicesInFlight.add(key);
  try {
    const services = yield* callEffect('GET user_services/tiny', {
      query: { labels: `${client} VISIBLE`, platform, lang },
    });
    yield put(actions.servicesLoaded({ key, services }));
  } catch {
    yield put(actions.servicesFailed(key));
  } finally {
    servicesInFlight.delete(key);
  }
}

function* loadMethods(action: PayloadAction<Currency>) {
  const form: OrderFormState = yield select(formOf);
  if (form.methods[action.payload]) return;
  try {
    const data = yield* callEffect('GET payment/methods', {
      query: { currency: action.payload },
    });
    yield put(actions.methodsLoaded({ currency: action.payload, data }));
  } catch {
    // the panel stays empty and says so; the next currency switch tries again
  }
}

/** Where the browser goes: the gateway's checkout, or the thanks page when the balance paid. */
function destinationOf(placed: PlacedOrder, locale: Locale): string {
  return placed.redirect ?? `${pagePath('thanks', locale)}?order=${placed.order.id}`;
}

/** The browser leaves the site for the gateway: a full page load, not a router navigation. */
export const browser = { go: (url: string) => window.location.assign(url) };

function* submitOrder(action: PayloadAction<OrderPayload>) {
  const { tag, link, quantity, posts, quantityMax, comments, currency, method, email, agreement } =
    action.payload;
  const { client, dripFeed, subscription, payIn } = action.payload;
  const locale: Locale = yield select(selectLocale);
  try {
    const placed = yield* callEffect('POST c_orders/main', {
      body: {
        tag,
        link,
        quantity,
        ...(posts ? { posts } : {}),
        ...(quantityMax ? { quantity_max: quantityMax } : {}),
        ...(comments ? { comments } : {}),
        ...(dripFeed ? { runs: dripFeed.runs, interval: dripFeed.interval } : {}),
        ...(subscription?.delay ? { delay: subscription.delay } : {}),
        ...(subscription?.expiry ? { expiry: subscription.expiry } : {}),
        ...(client === 'CLIENT_LK' ? { client } : {}),
        currency,
        method,
        ...(payIn ? { pay_currency: payIn.currency, charge: payIn.charge } : {}),
        ...(email ? { email } : {}),
        agreement,
        return_path: window.location.pathname,
      },
    });
    yield put(actions.orderPlaced());
    yield call(browser.go, destinationOf(placed, locale));
  } catch (error) {
    yield* ratesAnewIfMoved(error);
    yield put(actions.orderFailed((error as Error).message));
  }
}

/**
 * The cabinet's short balance: a top-up of the missing amount through the gateway, back to
 * this page, where the saved choice is restored and paid from the balance.
 */
function* topUp(action: PayloadAction<TopUpRequest>) {
  try {
    const started = yield* callEffect('POST deposit', {
      body: {
        amount: action.payload.amount,
        method: action.payload.method,
        agreement: action.payload.agreement,
        ...(action.payload.payIn
          ? { pay_currency: action.payload.payIn.currency, charge: action.payload.payIn.charge }
          : {}),
        return_path: window.location.pathname,
      },
    });
    if (started.redirect) yield call(browser.go, started.redirect);
  } catch (error) {
    yield* ratesAnewIfMoved(error);
    yield put(actions.topUpFailed((error as Error).message));
  }
}

export function* orderFormSaga() {
  yield all([
    takeEvery(actions.formMounted.type, restore),
    fork(askForNeeds),
    takeEvery(
      [
        actions.platformChosen.type,
        actions.serviceChosen.type,
        actions.serviceUnset.type,
        actions.numerosityChanged.type,
        actions.inputChanged.type,
        actions.quantityChosen.type,
        actions.customQuantityChanged.type,
        actions.postsChanged.type,
        actions.methodsPanelToggled.type,
        actions.methodChosen.type,
        actions.emailChanged.type,
      ],
      persist,
    ),
    takeLatest([actions.inputChanged.type, actions.restored.type], resolveShortLinks),
    takeLatest(actions.quoteNeeded.type, lookUpQuote),
    takeEvery(actions.servicesNeeded.type, loadServices),
    takeLatest(actions.methodsNeeded.type, loadMethods),
    takeLeading(actions.orderSubmitted.type, submitOrder),
    takeLeading(actions.topUpRequested.type, topUp),
  ]);
}
