import type { CatalogPlatform, Client, CostPair, ServiceView } from '../../../shared/catalog.ts';
import { parseWholeNumber } from '../../../shared/numbers.ts';
import type { PaymentMethodsData } from '../../../shared/payment-methods.ts';
import type { Currency } from '../../../shared/regions.ts';
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
export interface TopUpRequest {
  amount: number;
  method: number;
  agreement: boolean;
}

export interface OrderFormState {
  platform: CatalogPlatform | null;
  service: string | null;
  numerosity: Numerosity;
  input: string;
  /** a preset or a valid custom quantity; null until chosen */
  quantity: number | null;
  /** the custom quantity field as typed ('' when a preset is chosen) */
  customQuantity: string;
  quantityPosts: number | null;
  /** the cabinet's auto orders: the most per post (`quantity` is the least); null = the same */
  quantityMax: number | null;
  /** the cabinet's comment orders: the comments, one a line */
  comments: string;
  email: string;
  agreement: boolean;
  methodsVisible: boolean;
  method: number | null;
  /** errors show once the buyer tried to pay */
  attempted: boolean;
  /** services by `${client}|${platform}` (servicesKey), fetched when picked */
  services: Partial<Record<string, ServiceView[]>>;
  servicesFailed: Partial<Record<string, boolean>>;
  /** quotes by `${currency}|${client}|${tag}|${count}` */
  quotes: Record<string, CostPair>;
  quoteError: string | null;
  methods: Partial<Record<Currency, PaymentMethodsData>>;
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
  quantity: null,
  customQuantity: '',
  quantityPosts: null,
  quantityMax: null,
  comments: '',
  email: '',
  agreement: false,
  methodsVisible: false,
  method: null,
  attempted: false,
  services: {},
  servicesFailed: {},
  quotes: {},
  quoteError: null,
  methods: {},
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
    /** The form is on screen for a page: the saga restores what this tab chose before. */
    formMounted(_state, _action: PayloadAction<{ pageId: string }>) {},
    restored(state, action: PayloadAction<RestoredChoice>) {
      Object.assign(state, action.payload);
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
    },
    serviceUnset(state) {
      Object.assign(state, unsetService);
    },
    numerosityChanged(state, action: PayloadAction<Numerosity>) {
      state.numerosity = action.payload;
    },
    inputChanged(state, action: PayloadAction<string>) {
      state.input = action.payload;
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
    emailChanged(state, action: PayloadAction<string>) {
      state.email = action.payload;
    },
    agreementToggled(state, action: PayloadAction<boolean>) {
      state.agreement = action.payload;
    },
    /** SPEC §4: the panel's visibility is saved; hiding it clears the chosen method. */
    methodsPanelToggled(state) {
      state.methodsVisible = !state.methodsVisible;
      if (!state.methodsVisible) state.method = null;
    },
    methodChosen(state, action: PayloadAction<number>) {
      state.method = action.payload;
      state.methodsVisible = true;
    },
    /** The cabinet's balance fell short: the methods it needs are shown. */
    methodsPanelOpened(state) {
      state.methodsVisible = true;
    },
    methodCleared(state) {
      state.method = null;
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
  count: number;
  currency: Currency;
  method: number;
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
