import type {
  CatalogPlatform,
  Client,
  CostPair,
  PriceTable,
  ServiceView,
} from '../../../shared/catalog.ts';
import { isPlatformLink } from '../../../shared/link-rules.ts';
import { parseWholeNumber } from '../../../shared/numbers.ts';
import type { PaymentMethodsData } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
import type { PublicUser } from '../../../shared/user.ts';
import type { VisitorState } from '../../../shared/visitor.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/**
 * The order form (SPEC §4 Chosen service, Numerosity, Payment methods panel). What the buyer
 * chose is held here; what follows from it (the service in effect, limits, the count to
 * price, errors) is derived in order-form.selection.ts. null means "not chosen": the page's
 * preselection applies.
 */
export type Numerosity = 'single' | 'multiple';

export type ShortChoice = 'topUp' | 'pay';

/** A top-up of what the balance lacks, by a method, with its agreement when it asks one. */
/** A payment charged in another currency than its price's, converted at the shop's rate. */
export interface PayIn {
  currency: Currency;
  /** minor units of `currency`, as the form showed it */
  charge: number;
}

export interface TopUpRequest {
  amount: number;
  method: number;
  agreement: boolean;
  payIn: PayIn | null;
}

export interface OrderFormState {
  platform: CatalogPlatform | null;
  service: string | null;
  numerosity: Numerosity;
  input: string;
  /**
   * the input as typed while its short links (vm.tiktok.com/…, bit.ly/…) are followed to where
   * they lead (POST unshorten) before it is checked; null when nothing is followed
   */
  linkResolving: string | null;
  /** a preset or a valid custom quantity; null until chosen */
  quantity: number | null;
  /** the custom quantity field as typed ('' when a preset is chosen) */
  customQuantity: string;
  quantityPosts: number | null;
  /** the cabinet's auto orders: the most per post (`quantity` is the least); null = the same */
  quantityMax: number | null;
  /** the cabinet's comment orders: the comments, one a line */
  comments: string;
  /**
   * the cabinet's drip-feed (issue 32): the quantity per run, `runs` runs `runInterval` minutes
   * apart (null while the field is empty)
   */
  dripFeed: boolean;
  runs: number | null;
  runInterval: number | null;
  /** the cabinet's subscriptions (auto orders): minutes from a post to its order, last day */
  delay: number;
  expiry: string;
  email: string;
  agreement: boolean;
  /** the panel as the buyer toggled it (the cabinet also opens it itself: methodsInEffect) */
  methodsVisible: boolean;
  /** the method the buyer chose (the one in effect is methodsInEffect's) */
  method: number | null;
  /**
   * the quote key (or '') of the price at which the buyer hid the panel: for that price the
   * cabinet neither opens it nor defaults to the balance again (methodsInEffect)
   */
  declinedAt: string | null;
  /** errors show once the buyer tried to pay */
  attempted: boolean;
  /** services by `${client}|${platform}` (servicesKey), fetched when picked */
  services: Partial<Record<string, ServiceView[]>>;
  servicesFailed: Partial<Record<string, boolean>>;
  /** quotes by `${currency}|${client}|${tag}|${count}` */
  quotes: Record<string, CostPair>;
  quoteError: string | null;
  methods: Partial<Record<Currency, PaymentMethodsData>>;
  /**
   * an account pays by a method of another currency (a card that takes dollars for a rouble
   * account), converted at the shop's rate; null: its own currency
   */
  payCurrency: Currency | null;
  /** the order is on its way to the API */
  submitting: boolean;
  submitError: string | null;
  /** a top-up of the missing amount is on its way to the gateway */
  toppingUp: boolean;
  /** the cabinet's balance is short: top up the rest, or pay this order by another method */
  shortChoice: ShortChoice;
}

export const initialOrderFormState: OrderFormState = {
  platform: null,
  service: null,
  numerosity: 'single',
  input: '',
  linkResolving: null,
  quantity: null,
  customQuantity: '',
  quantityPosts: null,
  quantityMax: null,
  comments: '',
  dripFeed: false,
  runs: null,
  runInterval: null,
  delay: 0,
  expiry: '',
  email: '',
  agreement: false,
  methodsVisible: false,
  method: null,
  declinedAt: null,
  attempted: false,
  services: {},
  servicesFailed: {},
  quotes: {},
  quoteError: null,
  methods: {},
  payCurrency: null,
  submitting: false,
  submitError: null,
  toppingUp: false,
  shortChoice: 'topUp',
};

/** What session storage gives back after a reload (order-form.storage.ts). */
export interface RestoredChoice {
  platform?: CatalogPlatform;
  service?: string;
  numerosity?: Numerosity;
  input?: string;
  quantity?: number;
  quantityPosts?: number;
  methodsVisible?: boolean;
  /** a guest's e-mail: the buyer's, on any page of the tab (after a declined card too) */
  email?: string;
}

/**
 * The page a form is on, as its loader gave it: the saga works out from it (and the choice)
 * which services, quote and methods are missing.
 */
export interface FormPage {
  platform: CatalogPlatform;
  /** the tag a service page preselects */
  service: string | null;
  client: Client;
  lang: string;
  /** the storefront's services of the page's platform, when the page brought them (the cabinet
   * fetches its own: formView) */
  services: ServiceView[] | null;
  /** the storefront's prices at the presets (guests' quotes) */
  informers: PriceTable;
}

/**
 * The form's view of the state (order-form.selection.ts's formView: its context, selection
 * and known price). The form hands it to the saga with formMounted, so that the saga's chunk
 * does not import the form's rules (a module both imported would be a file of its own on
 * every landing's first visit).
 */
export type FormViewOf = (
  state: OrderFormState,
  page: FormPage,
  user: PublicUser | null,
  visitor: Pick<VisitorState, 'currency' | 'metaRestricted'>,
) => unknown;

/** How the buyer hid the methods panel: as it was shown, for the price (quote key) at hand. */
export interface PanelToggle {
  shown: boolean;
  at: string | null;
}

export interface QuoteRequest {
  key: string;
  tag: string;
  count: number;
  currency: Currency;
  client: Client;
}

const orderFormSlice = createSlice({
  name: 'orderForm',
  initialState: initialOrderFormState,
  reducers: {
    /**
     * The form is on screen for a page: the saga restores what this tab chose before and
     * (given the page) asks for what the form lacks.
     */
    formMounted(
      _state,
      _action: PayloadAction<{ pageId: string; page?: FormPage; view?: FormViewOf }>,
    ) {},
    /** The form left the screen: nothing more is asked for it. */
    formUnmounted() {},
    restored(state, action: PayloadAction<RestoredChoice>) {
      Object.assign(state, action.payload);
      if (action.payload.input !== undefined) state.linkResolving = null;
    },
    platformChosen(state, action: PayloadAction<CatalogPlatform>) {
      if (state.platform === action.payload) return;
      state.platform = action.payload;
      // a new platform unsets the service (the saga forgets what was saved with it)
      Object.assign(state, unsetService);
    },
    /** SPEC §4: changing the service resets numerosity to single (both are saved). */
    serviceChosen(state, action: PayloadAction<string>) {
      state.service = action.payload;
      state.numerosity = 'single';
      state.dripFeed = false;
    },
    serviceUnset(state) {
      Object.assign(state, unsetService);
    },
    numerosityChanged(state, action: PayloadAction<Numerosity>) {
      state.numerosity = action.payload;
    },
    inputChanged(state, action: PayloadAction<string>) {
      state.input = action.payload;
      state.linkResolving = null;
    },
    /** The input's short links are being followed (the saga's POST unshorten). */
    linkResolving(state, action: PayloadAction<string>) {
      if (state.input === action.payload) state.linkResolving = action.payload;
    },
    /**
     * Where they lead (per line of the input as typed; null: not followed), each in its line's
     * place when it is some platform's link (not a login or consent page); the rest stays as
     * typed. Only an input the buyer has not changed meanwhile; it is checked as it is then.
     */
    linkResolved(state, action: PayloadAction<{ typed: string; followed: (string | null)[] }>) {
      const { typed, followed } = action.payload;
      if (state.linkResolving === typed) state.linkResolving = null;
      if (state.input !== typed) return;
      state.input = typed
        .split('\n')
        .map((line, index) => {
          const url = followed[index];
          return url && isPlatformLink(url) ? url : line;
        })
        .join('\n');
    },
    quantityChosen(state, action: PayloadAction<number>) {
      state.quantity = action.payload;
      state.customQuantity = '';
    },
    customQuantityChanged(state, action: PayloadAction<string>) {
      state.customQuantity = action.payload;
      // "1 234", "1,234" and "1.234" are all one thousand two hundred and thirty-four
      state.quantity = parseWholeNumber(action.payload);
    },
    postsChanged(state, action: PayloadAction<number | null>) {
      state.quantityPosts = action.payload;
    },
    quantityMaxChanged(state, action: PayloadAction<number | null>) {
      state.quantityMax = action.payload;
    },
    commentsChanged(state, action: PayloadAction<string>) {
      state.comments = action.payload;
    },
    dripFeedToggled(state, action: PayloadAction<boolean>) {
      state.dripFeed = action.payload;
      // three runs half an hour apart until the buyer says otherwise
      if (action.payload) {
        state.runs ??= 3;
        state.runInterval ??= 30;
      }
    },
    runsChanged(state, action: PayloadAction<number | null>) {
      state.runs = action.payload;
    },
    runIntervalChanged(state, action: PayloadAction<number | null>) {
      state.runInterval = action.payload;
    },
    delayChanged(state, action: PayloadAction<number>) {
      state.delay = action.payload;
    },
    expiryChanged(state, action: PayloadAction<string>) {
      state.expiry = action.payload;
    },
    emailChanged(state, action: PayloadAction<string>) {
      state.email = action.payload;
    },
    agreementToggled(state, action: PayloadAction<boolean>) {
      state.agreement = action.payload;
    },
    /**
     * SPEC §4: the panel's visibility is saved; hiding it clears the chosen method. The form
     * says whether the panel was shown (the cabinet may show it unasked) and at which price.
     */
    methodsPanelToggled(state, action: PayloadAction<PanelToggle | undefined>) {
      const shown = action.payload?.shown ?? state.methodsVisible;
      state.methodsVisible = !shown;
      if (shown) {
        state.method = null;
        state.declinedAt = action.payload?.at ?? '';
      }
    },
    methodChosen(state, action: PayloadAction<number>) {
      state.method = action.payload;
      state.methodsVisible = true;
    },
    /** another currency's methods (or, null, the account's own): the method is chosen again */
    payCurrencyChosen(state, action: PayloadAction<Currency | null>) {
      state.payCurrency = action.payload;
      state.method = null;
      state.methodsVisible = true;
    },
    payAttempted(state) {
      state.attempted = true;
    },

    servicesNeeded(
      _state,
      _action: PayloadAction<{ platform: CatalogPlatform; lang: string; client: Client }>,
    ) {},
    servicesLoaded(state, action: PayloadAction<{ key: string; services: ServiceView[] }>) {
      const { key, services } = action.payload;
      state.services = { ...state.services, [key]: services };
      const { [key]: _failed, ...failed } = state.servicesFailed;
      state.servicesFailed = failed;
    },
    servicesFailed(state, action: PayloadAction<string>) {
      state.servicesFailed = { ...state.servicesFailed, [action.payload]: true };
    },
    quoteNeeded(_state, _action: PayloadAction<QuoteRequest>) {},
    quoteLoaded(state, action: PayloadAction<{ key: string; pair: CostPair }>) {
      state.quotes = { ...state.quotes, [action.payload.key]: action.payload.pair };
      state.quoteError = null;
    },
    quoteFailed(state, action: PayloadAction<string>) {
      state.quoteError = action.payload;
    },
    methodsNeeded(_state, _action: PayloadAction<Currency>) {},
    methodsLoaded(state, action: PayloadAction<{ currency: Currency; data: PaymentMethodsData }>) {
      state.methods = { ...state.methods, [action.payload.currency]: action.payload.data };
    },
    /** A valid form: the saga posts it (c_orders/main) and sends the buyer on to pay. */
    orderSubmitted(state, _action: PayloadAction<OrderPayload>) {
      state.submitting = true;
      state.submitError = null;
    },
    orderFailed(state, action: PayloadAction<string>) {
      state.submitting = false;
      state.submitError = action.payload;
    },
    /** The browser is leaving for the gateway or the thanks page. */
    orderPlaced(state) {
      state.submitting = false;
    },
    /** The balance is short: top up the missing amount by card, then pay from the balance. */
    shortChoiceChanged(state, action: PayloadAction<ShortChoice>) {
      state.shortChoice = action.payload;
    },
    topUpRequested(state, _action: PayloadAction<TopUpRequest>) {
      state.toppingUp = true;
      state.submitError = null;
    },
    topUpFailed(state, action: PayloadAction<string>) {
      state.toppingUp = false;
      state.submitError = action.payload;
    },
  },
});

/** SPEC §4: unsetting the service forgets numerosity, posts, quantity, service and input. */
const unsetService: Partial<OrderFormState> = {
  service: null,
  dripFeed: false,
  numerosity: 'single',
  quantity: null,
  customQuantity: '',
  quantityPosts: null,
  input: '',
};

export interface OrderPayload {
  tag: string;
  /** the login or link; several links (numerosity multiple) one per line */
  link: string;
  quantity: number;
  posts: number | null;
  /** an auto order's most per post (cabinet) */
  quantityMax: number | null;
  /** a comments order's comments, one a line (cabinet) */
  comments: string | null;
  /** a drip-feed's runs and minutes between them (cabinet) */
  dripFeed: { runs: number; interval: number } | null;
  /** a subscription's delay and last day, YYYY-MM-DD (cabinet auto orders) */
  subscription: { delay: number; expiry: string | null } | null;
  count: number;
  currency: Currency;
  method: number;
  /** charged in another currency, converted at the shop's rate */
  payIn: PayIn | null;
  email: string | null;
  agreement: boolean;
  client: Client;
}

export const orderFormActions = orderFormSlice.actions;
export const orderFormReducer = orderFormSlice.reducer;

/** Where a platform's services are kept: the cabinet's differ from the storefront's. */
export const servicesKey = (client: Client, platform: CatalogPlatform): string =>
  `${client}|${platform}`;

export const quoteKey = (request: Omit<QuoteRequest, 'key'>): string =>
  `${request.currency}|${request.client}|${request.tag}|${request.count}`;

export const selectOrderForm = (state: { orderForm: OrderFormState }) => state.orderForm;
