import { applyMiddleware, combineReducers, legacy_createStore } from 'redux';
import createSagaMiddleware, { type Task } from 'redux-saga';
import type { ServiceView } from '../../../shared/catalog.ts';
import { QUANTITY_PRESETS } from '../../../shared/constants.ts';
import type { PaymentMethod, PaymentMethodsData } from '../../../shared/payment-methods.ts';
import { needsOf as needsOfView, orderFormSaga, QUOTE_DEBOUNCE_MS } from './order-form.saga.ts';
import {
  balanceStanding,
  DEFAULT_POSTS,
  errorsOf,
  type FormContext,
  formView,
  methodsInEffect,
  type PageFacts,
  platformsFor,
  quotesFromInformers,
  selectionOf,
  shownMethods,
} from './order-form.selection.ts';
import {
  orderFormActions as actions,
  type FormPage,
  initialOrderFormState,
  type OrderFormState,
  type QuoteRequest,
  quoteKey,
  orderFormReducer as reducer,
} from './order-form.slice.ts';
import { load, remove, STORAGE_KEYS, save } from './order-form.storage.ts';

/* ------------------------------------------------------------------ fixtures */

function service(overrides: Partial<ServiceView> & Pick<ServiceView, 'tag'>): ServiceView {
  return {
    platform: 'instagram',
    kind: 'likes',
    type: 'LIKES',
    name: overrides.tag,
    description: '',
    labels: ['CLIENT_MAIN', 'VISIBLE'],
    min_order: 50,
    max_order: 20_000,
    max_order_other: null,
    link_kinds: ['post'],
    page: null,
    multi: null,
    discount_group: 'likes',
    ...overrides,
  };
}

const FOLLOWERS = service({
  tag: 'INSTAGRAM_FOLLOWERS',
  kind: 'followers',
  type: 'SUBS',
  min_order: 100,
  max_order: 3_000,
  link_kinds: ['account'],
  page: 'instagram-followers',
  discount_group: 'followers',
});
const LIKES = service({
  tag: 'INSTAGRAM_LIKES',
  min_order: 50,
  max_order: 20_000,
  min: 10,
  max: 50_000,
  page: 'instagram-likes',
  multi: 'INSTAGRAM_LIKES_MULTI',
});
const LIKES_MULTI = service({ tag: 'INSTAGRAM_LIKES_MULTI', min: 10, max: 50_000 });
const AUTO_LIKES = service({
  tag: 'INSTAGRAM_AUTO_LIKES',
  kind: 'auto-likes',
  type: 'AUTO',
  min_order: 100,
  max_order: 500,
  link_kinds: ['account'],
  page: 'instagram-auto-likes',
  discount_group: 'autoLikes',
});
/** Followers first on purpose: the fallback must sort by type, not keep the list's order. */
const SERVICES: ServiceView[] = [FOLLOWERS, AUTO_LIKES, LIKES_MULTI, LIKES];

function paymentMethod(
  overrides: Partial<PaymentMethod> & Pick<PaymentMethod, 'id'>,
): PaymentMethod {
  return {
    code: `m${overrides.id}`,
    order: overrides.id,
    currencies: ['USD'],
    country_filter: 'every',
    countries: [],
    limits: { USD: { min: 1, max: 100_000_000 } },
    group: null,
    show_agreement_flag: false,
    ...overrides,
  };
}

const BALANCE = paymentMethod({ id: -1, code: 'balance', order: 0 });
/** cards: two methods; crypto: one; wallet: ungrouped. Prices in cents. */
const CARD = paymentMethod({
  id: 1,
  group: 'cards',
  limits: { USD: { min: 100, max: 100_000 } },
  show_agreement_flag: true,
});
const CARD_BIG = paymentMethod({
  id: 2,
  group: 'cards',
  limits: { USD: { min: 5_000, max: 500_000 } },
});
const CRYPTO = paymentMethod({
  id: 3,
  group: 'crypto',
  limits: { USD: { min: 2_000, max: 1_000_000 } },
});
const WALLET = paymentMethod({ id: 4, limits: { USD: { min: 50, max: 5_000 } } });
const METHODS: PaymentMethodsData = {
  methods: [WALLET, CRYPTO, CARD_BIG, CARD, BALANCE],
  groups: {
    cards: { id: 'cards', order: 1, methods: [1, 2] },
    crypto: { id: 'crypto', order: 2, methods: [3] },
  },
};

function context(overrides: Partial<FormContext> = {}): FormContext {
  return {
    pagePlatform: 'instagram',
    pageService: null,
    services: SERVICES,
    staff: false,
    loggedIn: false,
    balance: 0,
    currency: 'USD',
    client: 'CLIENT_MAIN',
    methods: METHODS,
    metaRestricted: false,
    payCurrency: null,
    payMethods: null,
    rates: null,
    ...overrides,
  };
}

/** Runs the reducer over actions from the initial state (or the one given). */
function run(
  ...steps: Array<ReturnType<(typeof actions)[keyof typeof actions]> | OrderFormState>
): OrderFormState {
  let state = initialOrderFormState;
  for (const step of steps) {
    state = 'type' in step ? reducer(state, step) : step;
  }
  return state;
}

/* ------------------------------------------------------------------ reducer */

describe('order form reducer (SPEC §4)', () => {
  /** A form with everything about the service filled in. */
  const filled = run(
    actions.platformChosen('instagram'),
    actions.serviceChosen('INSTAGRAM_LIKES'),
    actions.numerosityChanged('multiple'),
    actions.inputChanged('https://www.instagram.com/p/CxYz123AbC/'),
    actions.customQuantityChanged('700'),
    actions.postsChanged(7),
    actions.emailChanged('buyer@example.com'),
  );

  it('serviceChosen sets the service and resets numerosity to single', () => {
    expect(filled.numerosity).toBe('multiple');
    const next = reducer(filled, actions.serviceChosen('INSTAGRAM_FOLLOWERS'));
    expect(next.service).toBe('INSTAGRAM_FOLLOWERS');
    expect(next.numerosity).toBe('single');
  });

  const cleared = {
    service: null,
    numerosity: 'single',
    quantity: null,
    customQuantity: '',
    quantityPosts: null,
    input: '',
  };

  it('serviceUnset clears service, numerosity, quantity, custom quantity, posts and input', () => {
    expect(filled).toMatchObject({ quantity: 700, customQuantity: '700', quantityPosts: 7 });
    const next = reducer(filled, actions.serviceUnset());
    expect(next).toMatchObject(cleared);
    // what is not about the service stays
    expect(next.platform).toBe('instagram');
    expect(next.email).toBe('buyer@example.com');
  });

  it('platformChosen (another platform) clears the same and sets the platform', () => {
    const next = reducer(filled, actions.platformChosen('tiktok'));
    expect(next).toMatchObject({ ...cleared, platform: 'tiktok' });
    expect(next.email).toBe('buyer@example.com');
  });

  it('methodsPanelToggled shows the panel, and hiding it clears the chosen method', () => {
    let state = run(actions.methodsPanelToggled());
    expect(state.methodsVisible).toBe(true);
    state = reducer(state, actions.methodChosen(3));
    expect(state).toMatchObject({ methodsVisible: true, method: 3 });
    state = reducer(state, actions.methodsPanelToggled());
    expect(state).toMatchObject({ methodsVisible: false, method: null });
    state = reducer(state, actions.methodsPanelToggled());
    expect(state).toMatchObject({ methodsVisible: true, method: null });
  });

  it('methodChosen while hidden opens the panel', () => {
    expect(run(actions.methodChosen(4))).toMatchObject({ methodsVisible: true, method: 4 });
  });

  it.each([
    ['12', 12],
    [' 250 ', 250],
    ['12.5', null],
    ['abc', null],
    ['', null],
    ['-5', null],
    ['1e3', null],
  ])('customQuantityChanged(%j) keeps the text and sets quantity %p', (typed, quantity) => {
    const state = run(actions.quantityChosen(1000), actions.customQuantityChanged(typed));
    expect(state.customQuantity).toBe(typed);
    expect(state.quantity).toBe(quantity);
  });

  it('quantityChosen takes a preset and empties the custom field', () => {
    const state = run(actions.customQuantityChanged('12.5'), actions.quantityChosen(500));
    expect(state).toMatchObject({ quantity: 500, customQuantity: '' });
  });

  it('quoteLoaded stores the pair by its key and clears a quote error', () => {
    const state = run(
      actions.quoteFailed('boom'),
      actions.quoteLoaded({ key: 'USD|CLIENT_MAIN|A|10', pair: [100, 5] }),
      actions.quoteLoaded({ key: 'USD|CLIENT_MAIN|A|20', pair: [190, 10] }),
    );
    expect(state.quotes).toEqual({
      'USD|CLIENT_MAIN|A|10': [100, 5],
      'USD|CLIENT_MAIN|A|20': [190, 10],
    });
    expect(state.quoteError).toBeNull();
  });

  it('restored merges the saved choice into the state', () => {
    const state = run(
      actions.emailChanged('buyer@example.com'),
      actions.agreementToggled(true),
      actions.restored({ service: 'INSTAGRAM_LIKES', numerosity: 'multiple', quantity: 500 }),
    );
    expect(state).toMatchObject({
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      quantity: 500,
      email: 'buyer@example.com',
      agreement: true,
    });
  });
});

/* ------------------------------------------------------------------ selection */

describe('selectionOf', () => {
  it("applies the page's preselected service until another is chosen", () => {
    const page = context({ pageService: 'INSTAGRAM_FOLLOWERS' });
    expect(selectionOf(initialOrderFormState, page).service?.tag).toBe('INSTAGRAM_FOLLOWERS');
    const chosen = run(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(selectionOf(chosen, page).service?.tag).toBe('INSTAGRAM_LIKES');
  });

  it('without a choice or a page service, takes the first single service by type order', () => {
    const selection = selectionOf(initialOrderFormState, context());
    expect(selection.service?.tag).toBe('INSTAGRAM_LIKES');
    expect(selection.types).toEqual(['LIKES', 'SUBS', 'AUTO']);
    expect(selection.ofType.map((entry) => entry.tag)).toEqual(['INSTAGRAM_LIKES']);
  });

  it('a page service does not apply on another platform', () => {
    const state = run(actions.platformChosen('tiktok'));
    const tiktok = service({ tag: 'TIKTOK_LIKES', platform: 'tiktok' });
    const selection = selectionOf(
      state,
      context({ pageService: 'INSTAGRAM_FOLLOWERS', services: [tiktok] }),
    );
    expect(selection.platform).toBe('tiktok');
    expect(selection.service?.tag).toBe('TIKTOK_LIKES');
  });

  it('is multiple only when the service has a _MULTI twin, else falls back to single', () => {
    const likes = selectionOf(
      run(actions.serviceChosen('INSTAGRAM_LIKES'), actions.numerosityChanged('multiple')),
      context(),
    );
    expect(likes).toMatchObject({
      canMultiple: true,
      numerosity: 'multiple',
      tag: 'INSTAGRAM_LIKES_MULTI',
    });

    const followers = selectionOf(
      run(actions.serviceChosen('INSTAGRAM_FOLLOWERS'), actions.numerosityChanged('multiple')),
      context(),
    );
    expect(followers).toMatchObject({
      canMultiple: false,
      numerosity: 'single',
      tag: 'INSTAGRAM_FOLLOWERS',
    });
  });

  it('never takes a _MULTI twin as the chosen service itself', () => {
    const selection = selectionOf(run(actions.serviceChosen('INSTAGRAM_LIKES_MULTI')), context());
    expect(selection.service?.tag).not.toBe('INSTAGRAM_LIKES_MULTI');
  });

  it('staff use min/max, everyone else min_order/max_order (SPEC §5)', () => {
    const state = run(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(selectionOf(state, context({ staff: true })).limits).toEqual({ min: 10, max: 50_000 });
    expect(selectionOf(state, context({ staff: false })).limits).toEqual({ min: 50, max: 20_000 });
  });

  it('without a service the limits are 1 and 100', () => {
    const selection = selectionOf(initialOrderFormState, context({ services: null }));
    expect(selection.service).toBeNull();
    expect(selection.limits).toEqual({ min: 1, max: 100 });
    expect(selection.presets).toEqual([1, 50, 100]);
    expect(selection.tag).toBeNull();
    expect(selection.quoteKey).toBeNull();
  });

  it('offers the SPEC §9 presets that fall inside the limits', () => {
    const state = run(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(selectionOf(state, context()).presets).toEqual([50, 100, 500, 1000, 2500, 5000, 10000]);
    expect(selectionOf(state, context({ staff: true })).presets).toEqual([
      50, 100, 500, 1000, 2500, 5000, 10000, 25000, 50000,
    ]);
    const followers = selectionOf(run(actions.serviceChosen('INSTAGRAM_FOLLOWERS')), context());
    expect(followers.presets).toEqual([100, 500, 1000, 2500]);
    for (const preset of followers.presets) expect(QUANTITY_PRESETS).toContain(preset);
  });

  it('defaults the quantity to 1000 inside the limits, else to the first preset', () => {
    const likes = selectionOf(run(actions.serviceChosen('INSTAGRAM_LIKES')), context());
    expect(likes.quantity).toBe(1000);
    const auto = selectionOf(run(actions.serviceChosen('INSTAGRAM_AUTO_LIKES')), context());
    expect(auto.limits).toEqual({ min: 100, max: 500 });
    expect(auto.quantity).toBe(100);
  });

  it('keeps an invalid custom quantity as no quantity (no silent default)', () => {
    const selection = selectionOf(
      run(actions.serviceChosen('INSTAGRAM_LIKES'), actions.customQuantityChanged('12.5')),
      context(),
    );
    expect(selection.quantity).toBeNull();
    expect(selection.count).toBeNull();
    expect(selection.quoteKey).toBeNull();
  });

  it('counts the quantity for a single order', () => {
    const selection = selectionOf(
      run(actions.serviceChosen('INSTAGRAM_LIKES'), actions.quantityChosen(500)),
      context(),
    );
    expect(selection.count).toBe(500);
    expect(selection.quoteKey).toBe('USD|CLIENT_MAIN|INSTAGRAM_LIKES|500');
  });

  it('counts quantity × links for a multiple order', () => {
    const state = run(
      actions.serviceChosen('INSTAGRAM_LIKES'),
      actions.numerosityChanged('multiple'),
      actions.quantityChosen(500),
      actions.inputChanged(
        'https://www.instagram.com/p/AAA111/\n\n  https://www.instagram.com/p/BBB222/ \r\nhttps://www.instagram.com/p/CCC333/',
      ),
    );
    const selection = selectionOf(state, context());
    expect(selection.links).toHaveLength(3);
    expect(selection.count).toBe(1_500);
    expect(selection.quoteKey).toBe('USD|CLIENT_MAIN|INSTAGRAM_LIKES_MULTI|1500');
  });

  it('counts the average of min and max per post × posts for AUTO (SPEC §9)', () => {
    const state = run(
      actions.serviceChosen('INSTAGRAM_AUTO_LIKES'),
      actions.quantityChosen(200),
      actions.postsChanged(5),
    );
    const selection = selectionOf(state, context());
    expect(selection.auto).toBe(true);
    expect(selection.posts).toBe(5);
    // the per-post quantity is both the min and the max: (200 + 200) / 2 × 5 posts
    expect(selection.count).toBe(1_000);
    // posts default to DEFAULT_POSTS
    const byDefault = selectionOf(
      run(actions.serviceChosen('INSTAGRAM_AUTO_LIKES'), actions.quantityChosen(200)),
      context(),
    );
    expect(byDefault.count).toBe(200 * DEFAULT_POSTS);
  });

  it('prices nothing for a quantity outside the limits', () => {
    const selection = selectionOf(
      run(actions.serviceChosen('INSTAGRAM_LIKES'), actions.quantityChosen(25_000)),
      context(),
    );
    expect(selection.quantity).toBe(25_000);
    expect(selection.count).toBeNull();
    expect(selection.quoteKey).toBeNull();
  });

  it('builds the quote key from currency, client, tag and count', () => {
    const state = run(actions.serviceChosen('INSTAGRAM_LIKES'), actions.quantityChosen(1000));
    expect(selectionOf(state, context({ currency: 'RUB', client: 'CLIENT_LK' })).quoteKey).toBe(
      'RUB|CLIENT_LK|INSTAGRAM_LIKES|1000',
    );
    expect(
      quoteKey({ currency: 'EUR', client: 'CLIENT_MAIN', tag: 'INSTAGRAM_LIKES', count: 50 }),
    ).toBe('EUR|CLIENT_MAIN|INSTAGRAM_LIKES|50');
  });
});

describe('the cabinet form (CLIENT_LK)', () => {
  const COMMENTS = service({
    tag: 'INSTAGRAM_COMMENTS',
    kind: 'comments',
    type: 'COMMENTS',
    min_order: 2,
    max_order: 4,
    discount_group: 'comments',
  });
  const cabinet = (overrides: Partial<FormContext> = {}) =>
    context({
      client: 'CLIENT_LK',
      loggedIn: true,
      services: [...SERVICES, COMMENTS],
      ...overrides,
    });

  it('orders an auto service as a range per post, priced at its average × posts', () => {
    const state = run(
      actions.serviceChosen('INSTAGRAM_AUTO_LIKES'),
      actions.quantityChosen(100),
      actions.quantityMaxChanged(300),
      actions.postsChanged(4),
    );
    const selection = selectionOf(state, cabinet());
    expect(selection.quantityMax).toBe(300);
    // (100 + 300) / 2 × 4
    expect(selection.count).toBe(800);
    // the storefront keeps one quantity per post
    expect(selectionOf(state, context()).quantityMax).toBeNull();
    expect(selectionOf(state, context()).count).toBe(400);
  });

  it('refuses a most per post below the least or above the limit', () => {
    const below = run(
      actions.serviceChosen('INSTAGRAM_AUTO_LIKES'),
      actions.quantityChosen(200),
      actions.quantityMaxChanged(150),
    );
    const selection = selectionOf(below, cabinet());
    expect(selection.count).toBeNull();
    expect(errorsOf(below, selection, cabinet(), []).quantityMax).toBe('order.error.quantityMax');
    const above = run(below, actions.quantityMaxChanged(501));
    expect(errorsOf(above, selectionOf(above, cabinet()), cabinet(), []).quantityMax).toBe(
      'order.error.quantityMax',
    );
    const ok = run(below, actions.quantityMaxChanged(500));
    expect(errorsOf(ok, selectionOf(ok, cabinet()), cabinet(), []).quantityMax).toBeUndefined();
  });

  it('counts a comments order by its comments, one a line', () => {
    const state = run(
      actions.serviceChosen('INSTAGRAM_COMMENTS'),
      actions.commentsChanged('Great!\n\n  Love it  \nWow'),
    );
    const selection = selectionOf(state, cabinet());
    expect(selection.customComments).toBe(true);
    expect(selection.comments).toEqual(['Great!', 'Love it', 'Wow']);
    expect(selection.quantity).toBe(3);
    expect(selection.count).toBe(3);
    expect(errorsOf(state, selection, cabinet(), []).comments).toBeUndefined();
  });

  it('asks for comments within the limits', () => {
    const none = run(actions.serviceChosen('INSTAGRAM_COMMENTS'));
    expect(errorsOf(none, selectionOf(none, cabinet()), cabinet(), []).comments).toBe(
      'order.error.commentsRequired',
    );
    const many = run(none, actions.commentsChanged('a\nb\nc\nd\ne'));
    const selection = selectionOf(many, cabinet());
    expect(selection.count).toBeNull();
    expect(errorsOf(many, selection, cabinet(), []).comments).toBe('order.error.commentsRange');
  });
});

describe('platformsFor', () => {
  it('offers the six platforms, drops Instagram and Threads under the meta restriction', () => {
    expect(platformsFor(false, false)).toEqual([
      'instagram',
      'tiktok',
      'vk',
      'youtube',
      'telegram',
      'threads',
    ]);
    expect(platformsFor(false, true)).toEqual(['tiktok', 'vk', 'youtube', 'telegram']);
  });

  it("adds 'fake' for staff only", () => {
    expect(platformsFor(true, false)).toContain('fake');
    expect(platformsFor(true, true)).toEqual(['tiktok', 'vk', 'youtube', 'telegram', 'fake']);
    expect(platformsFor(false, false)).not.toContain('fake');
  });

  it('selectionOf leaves a restricted page platform for the first one offered', () => {
    const selection = selectionOf(initialOrderFormState, context({ metaRestricted: true }));
    expect(selection.platform).toBe('tiktok');
    expect(selection.platforms).not.toContain('instagram');
  });
});

describe('quotesFromInformers', () => {
  it('keys the informer prices like the form look-ups, for CLIENT_MAIN', () => {
    expect(
      quotesFromInformers({
        USD: { INSTAGRAM_LIKES: { '100': { cost: 99, discount: 0 } } },
        RUB: { INSTAGRAM_LIKES: { '1000': { cost: 18_500, discount: 500 } } },
      }),
    ).toEqual({
      'USD|CLIENT_MAIN|INSTAGRAM_LIKES|100': [99, 0],
      'RUB|CLIENT_MAIN|INSTAGRAM_LIKES|1000': [18_500, 500],
    });
  });

  it('makes the quotes once per table (renders of one page share its table)', () => {
    const table = { USD: { INSTAGRAM_LIKES: { '100': { cost: 99, discount: 0 } } } };
    const quotes = quotesFromInformers(table);
    expect(quotesFromInformers(table)).toBe(quotes);
    expect(quotesFromInformers(structuredClone(table))).not.toBe(quotes);
    expect(quotesFromInformers(structuredClone(table))).toEqual(quotes);
  });
});

/* ------------------------------------------------------------------ methods and errors */

const ids = (shown: ReturnType<typeof shownMethods>) => shown.map((entry) => entry.method.id);
const stateOf = (shown: ReturnType<typeof shownMethods>, id: number) =>
  shown.find((entry) => entry.method.id === id)?.state;

describe('shownMethods (SPEC §4)', () => {
  it('shows the balance only to a logged-in user whose balance covers the price', () => {
    expect(ids(shownMethods(context({ loggedIn: true, balance: 1_000 }), 1_000))).toContain(-1);
    expect(ids(shownMethods(context({ loggedIn: true, balance: 999 }), 1_000))).not.toContain(-1);
    expect(ids(shownMethods(context({ loggedIn: false, balance: 9_999 }), 1_000))).not.toContain(
      -1,
    );
    expect(ids(shownMethods(context({ loggedIn: true, balance: 9_999 }), null))).not.toContain(-1);
  });

  it('drops a method outside its limits in a multi-method group and disables a lone one', () => {
    const low = shownMethods(context(), 1_000);
    expect(ids(low)).toEqual([1, 3, 4]);
    expect(ids(low)).not.toContain(2); // CARD_BIG below its min, CARD is in the group
    expect(stateOf(low, 1)).toEqual({ shown: true, disabled: false });
    expect(stateOf(low, 3)).toEqual({ shown: true, disabled: 'min' }); // alone in crypto
    expect(stateOf(low, 4)).toEqual({ shown: true, disabled: false });

    const high = shownMethods(context(), 200_000);
    expect(ids(high)).not.toContain(1); // CARD above its max, CARD_BIG is in the group
    expect(stateOf(high, 2)).toEqual({ shown: true, disabled: false });
    expect(stateOf(high, 3)).toEqual({ shown: true, disabled: false });
    expect(stateOf(high, 4)).toEqual({ shown: true, disabled: 'max' }); // ungrouped
  });

  it('lists the methods in their order, and none without data', () => {
    expect(ids(shownMethods(context({ loggedIn: true, balance: 50_000 }), 10_000))).toEqual([
      -1, 1, 2, 3, 4,
    ]);
    expect(shownMethods(context({ methods: null }), 1_000)).toEqual([]);
  });
});

describe('errorsOf', () => {
  const POST = 'https://www.instagram.com/p/CxYz123AbC/';
  const PRICE = 1_000;
  /** A complete, valid guest form: likes on a post, 1000, e-mail, the wallet. */
  const valid = run(
    actions.serviceChosen('INSTAGRAM_LIKES'),
    actions.inputChanged(POST),
    actions.quantityChosen(1000),
    actions.emailChanged('buyer@example.com'),
    actions.methodChosen(WALLET.id),
  );

  function errors(state: OrderFormState, overrides: Partial<FormContext> = {}, price = PRICE) {
    const ctx = context(overrides);
    return errorsOf(state, selectionOf(state, ctx), ctx, shownMethods(ctx, price));
  }

  it('finds nothing wrong with a complete valid guest form', () => {
    expect(errors(valid)).toEqual({});
  });

  it('asks for the link when it is empty', () => {
    expect(errors(reducer(valid, actions.inputChanged(''))).input).toBe(
      'order.error.inputRequired',
    );
    expect(errors(reducer(valid, actions.inputChanged('   '))).input).toBe(
      'order.error.inputRequired',
    );
    const multiple = run(valid, actions.numerosityChanged('multiple'), actions.inputChanged('\n'));
    expect(errors(multiple).input).toBe('order.error.inputRequired');
  });

  it('refuses an account link on a post-only service', () => {
    expect(
      errors(reducer(valid, actions.inputChanged('https://instagram.com/some.user'))).input,
    ).toBe('order.error.link.post');
    expect(errors(reducer(valid, actions.inputChanged('some.user'))).input).toBe(
      'order.error.link.post',
    );
  });

  it("wants an integer: a custom '12.5'", () => {
    expect(errors(reducer(valid, actions.customQuantityChanged('12.5'))).quantity).toBe(
      'order.error.integer',
    );
  });

  it('wants the quantity inside the limits of the role', () => {
    const above = reducer(valid, actions.customQuantityChanged('30000'));
    expect(errors(above).quantity).toBe('order.error.range');
    expect(errors(above, { staff: true }).quantity).toBeUndefined(); // staff max is 50 000
    const below = reducer(valid, actions.customQuantityChanged('49'));
    expect(errors(below).quantity).toBe('order.error.range');
    expect(errors(reducer(valid, actions.customQuantityChanged('50'))).quantity).toBeUndefined();
    expect(errors(reducer(valid, actions.customQuantityChanged('20000'))).quantity).toBeUndefined();
  });

  it('asks guests, and only guests, for a valid e-mail', () => {
    const none = reducer(valid, actions.emailChanged('  '));
    expect(errors(none).email).toBe('order.error.email');
    const bad = reducer(valid, actions.emailChanged('покупатель@example.com'));
    expect(errors(bad).email).toBe('order.error.emailInvalid');
    expect(errors(reducer(valid, actions.emailChanged('a b@example.com'))).email).toBe(
      'order.error.emailInvalid',
    );
    expect(errors(none, { loggedIn: true }).email).toBeUndefined();
    expect(errors(bad, { loggedIn: true }).email).toBeUndefined();
  });

  it('wants a usable method: chosen, shown and not disabled', () => {
    expect(errors({ ...valid, method: null }).method).toBe('order.error.method');
    // CARD_BIG is hidden at this price (its group has CARD)
    expect(errors(reducer(valid, actions.methodChosen(CARD_BIG.id))).method).toBe(
      'order.error.method',
    );
    // CRYPTO is shown but disabled 'min'
    expect(errors(reducer(valid, actions.methodChosen(CRYPTO.id))).method).toBe(
      'order.error.method',
    );
    // the balance is a usable method only when it covers the price
    const balance = reducer(valid, actions.methodChosen(-1));
    expect(errors(balance, { loggedIn: true, balance: 999 }).method).toBe('order.error.method');
    expect(errors(balance, { loggedIn: true, balance: 1_000 })).toEqual({});
  });

  it('wants the agreement, exactly true, for a method with show_agreement_flag', () => {
    const card = reducer(valid, actions.methodChosen(CARD.id));
    expect(errors(card).agreement).toBe('order.error.agreement');
    expect(errors({ ...card, agreement: 'true' as unknown as boolean }).agreement).toBe(
      'order.error.agreement',
    );
    expect(errors(reducer(card, actions.agreementToggled(true)))).toEqual({});
    // no agreement is asked for a method without the flag
    expect(errors(valid).agreement).toBeUndefined();
  });
});

/* ------------------------------------------------------------------ session storage */

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

let storage: MemoryStorage;
let storageBefore: PropertyDescriptor | undefined;

function installStorage() {
  storageBefore = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'sessionStorage', {
    value: storage,
    configurable: true,
    writable: true,
  });
}

function uninstallStorage() {
  if (storageBefore) Object.defineProperty(globalThis, 'sessionStorage', storageBefore);
  else delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
}

describe('order form session storage', () => {
  beforeEach(installStorage);
  afterEach(uninstallStorage);

  it('gives back what was saved for the same page, and forgets what was removed', () => {
    save({
      page: 'instagram-likes',
      platform: 'instagram',
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      input: 'https://www.instagram.com/p/CxYz123AbC/',
      quantity: 500,
      quantityPosts: 7,
      methodsVisible: true,
    });
    expect(load('instagram-likes')).toEqual({
      platform: 'instagram',
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      input: 'https://www.instagram.com/p/CxYz123AbC/',
      quantity: 500,
      quantityPosts: 7,
      methodsVisible: true,
    });

    remove(['service', 'quantity', 'input']);
    expect(load('instagram-likes')).toEqual({
      platform: 'instagram',
      numerosity: 'multiple',
      quantityPosts: 7,
      methodsVisible: true,
    });
  });

  it('save with null removes the key', () => {
    save({ page: 'p', quantity: 500 });
    save({ quantity: null });
    expect(storage.getItem(STORAGE_KEYS.quantity)).toBeNull();
    expect(load('p')).toEqual({});
  });

  it('gives only methodsVisible when the choice was saved on another page', () => {
    save({
      page: 'instagram-likes',
      service: 'INSTAGRAM_LIKES',
      quantity: 500,
      methodsVisible: false,
    });
    expect(load('instagram-followers')).toEqual({ methodsVisible: false });
  });

  it('keeps a guest’s e-mail for any page of the tab (the form after a declined card)', () => {
    save({ page: 'instagram-likes', service: 'INSTAGRAM_LIKES', email: 'buyer@example.com' });
    expect(load('instagram-likes')).toMatchObject({ email: 'buyer@example.com' });
    expect(load('home')).toEqual({ email: 'buyer@example.com' });
    save({ email: null });
    expect(load('home')).toEqual({});
  });

  it('ignores a malformed saved service tag or quantity', () => {
    for (const [tag, quantity] of [
      ['instagram_likes', '12.5'],
      ['INSTAGRAM LIKES', '-3'],
      ['<img src=x>', 'abc'],
      ['A'.repeat(65), '0'],
    ] as const) {
      storage.clear();
      save({ page: 'p', numerosity: 'single' });
      storage.setItem(STORAGE_KEYS.service, tag);
      storage.setItem(STORAGE_KEYS.quantity, quantity);
      storage.setItem(STORAGE_KEYS.quantityPosts, quantity);
      expect(load('p')).toEqual({ numerosity: 'single' });
    }
    storage.setItem(STORAGE_KEYS.numerosity, 'many');
    expect(load('p')).toEqual({});
  });

  it('forgets quietly when there is no session storage', () => {
    uninstallStorage();
    try {
      expect(() => save({ page: 'p', quantity: 5 })).not.toThrow();
      expect(load('p')).toEqual({});
    } finally {
      installStorage();
    }
  });
});

/* ------------------------------------------------------------------ saga */

interface FetchCall {
  url: string;
  signal: AbortSignal | undefined;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer as the API gives it (SPEC §7). */
const answer = (body: unknown, status = 200) =>
  ({ status, json: async () => body }) as unknown as Response;

describe('orderFormSaga', () => {
  let calls: FetchCall[];
  let respond: (url: string, signal: AbortSignal | undefined) => Promise<Response>;
  let tasks: Task[];
  let store: ReturnType<typeof makeStore>;
  const fetchBefore = globalThis.fetch;

  function makeStore() {
    const sagaMiddleware = createSagaMiddleware();
    const created = legacy_createStore(
      combineReducers({ orderForm: reducer }),
      applyMiddleware(sagaMiddleware),
    );
    tasks.push(sagaMiddleware.run(orderFormSaga));
    return created;
  }

  beforeEach(() => {
    installStorage();
    calls = [];
    tasks = [];
    respond = async (url) => answer({ status: 'success', data: [url.length, 0] });
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, signal: init?.signal ?? undefined });
      return respond(url, init?.signal ?? undefined);
    }) as typeof fetch;
    store = makeStore();
  });

  afterEach(() => {
    for (const task of tasks) task.cancel();
    globalThis.fetch = fetchBefore;
    uninstallStorage();
  });

  const form = () => store.getState().orderForm;

  function request(tag: string, count: number): QuoteRequest {
    const base = { tag, count, currency: 'USD' as const, client: 'CLIENT_MAIN' as const };
    return { ...base, key: quoteKey(base) };
  }

  it('saves service and numerosity (reset to single) on serviceChosen', () => {
    store.dispatch(actions.formMounted({ pageId: 'instagram-likes' }));
    store.dispatch(actions.platformChosen('instagram'));
    store.dispatch(actions.numerosityChanged('multiple'));
    expect(storage.getItem(STORAGE_KEYS.numerosity)).toBe('multiple');

    store.dispatch(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(storage.getItem(STORAGE_KEYS.service)).toBe('INSTAGRAM_LIKES');
    expect(storage.getItem(STORAGE_KEYS.numerosity)).toBe('single');
    expect(storage.getItem(STORAGE_KEYS.page)).toBe('instagram-likes');
  });

  it('removes numerosity, posts, quantity, service and input on serviceUnset', () => {
    store.dispatch(actions.formMounted({ pageId: 'instagram-auto-likes' }));
    store.dispatch(actions.platformChosen('instagram'));
    store.dispatch(actions.serviceChosen('INSTAGRAM_AUTO_LIKES'));
    store.dispatch(actions.inputChanged('some.user'));
    store.dispatch(actions.quantityChosen(500));
    store.dispatch(actions.postsChanged(5));
    store.dispatch(actions.methodsPanelToggled());
    for (const key of ['service', 'numerosity', 'input', 'quantity', 'quantityPosts'] as const)
      expect(storage.getItem(STORAGE_KEYS[key])).not.toBeNull();

    store.dispatch(actions.serviceUnset());
    for (const key of ['service', 'numerosity', 'input', 'quantity', 'quantityPosts'] as const)
      expect(storage.getItem(STORAGE_KEYS[key])).toBeNull();
    // the rest stays
    expect(storage.getItem(STORAGE_KEYS.page)).toBe('instagram-auto-likes');
    expect(storage.getItem(STORAGE_KEYS.platform)).toBe('instagram');
    expect(storage.getItem(STORAGE_KEYS.methodsVisible)).toBe('true');
  });

  it('saves the panel visibility', () => {
    store.dispatch(actions.methodsPanelToggled());
    expect(storage.getItem(STORAGE_KEYS.methodsVisible)).toBe('true');
    store.dispatch(actions.methodsPanelToggled());
    expect(storage.getItem(STORAGE_KEYS.methodsVisible)).toBe('false');
  });

  it('restores the saved choice on formMounted for the same page only', () => {
    save({
      page: 'instagram-likes',
      platform: 'instagram',
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      quantity: 500,
      methodsVisible: true,
    });
    store.dispatch(actions.formMounted({ pageId: 'instagram-likes' }));
    expect(form()).toMatchObject({
      platform: 'instagram',
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      quantity: 500,
      methodsVisible: true,
    });

    const other = makeStore();
    other.dispatch(actions.formMounted({ pageId: 'instagram-followers' }));
    expect(other.getState().orderForm).toMatchObject({
      platform: null,
      service: null,
      numerosity: 'single',
      quantity: null,
      methodsVisible: true,
    });
  });

  it('keeps the saved choice when the platform in effect is chosen again', () => {
    store.dispatch(actions.formMounted({ pageId: 'instagram-likes' }));
    store.dispatch(actions.platformChosen('instagram'));
    store.dispatch(actions.serviceChosen('INSTAGRAM_LIKES'));
    store.dispatch(actions.quantityChosen(500));
    store.dispatch(actions.platformChosen('instagram'));
    expect(storage.getItem(STORAGE_KEYS.service)).toBe('INSTAGRAM_LIKES');
    expect(storage.getItem(STORAGE_KEYS.quantity)).toBe('500');
    // another platform does forget them
    store.dispatch(actions.platformChosen('tiktok'));
    expect(storage.getItem(STORAGE_KEYS.service)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.quantity)).toBeNull();
  });

  it('never hands one page’s saved choice to another page', () => {
    store.dispatch(actions.formMounted({ pageId: 'instagram-likes' }));
    store.dispatch(actions.serviceChosen('INSTAGRAM_LIKES'));
    store.dispatch(actions.quantityChosen(500));

    const followers = makeStore();
    followers.dispatch(actions.formMounted({ pageId: 'instagram-followers' }));
    followers.dispatch(actions.inputChanged('some.user'));
    const reloaded = makeStore();
    reloaded.dispatch(actions.formMounted({ pageId: 'instagram-followers' }));
    expect(reloaded.getState().orderForm).toMatchObject({
      service: null,
      quantity: null,
      input: 'some.user',
    });
  });

  it('looks a quote up after QUOTE_DEBOUNCE_MS, once, and stores the pair', async () => {
    respond = async () => answer({ status: 'success', data: [69_900, 29_100] });
    const asked = request('INSTAGRAM_LIKES', 1000);
    store.dispatch(actions.quoteNeeded(asked));

    await wait(QUOTE_DEBOUNCE_MS - 100);
    expect(calls).toHaveLength(0);

    await wait(200);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/prices/orderCost?tag=INSTAGRAM_LIKES&count=1000&cur=USD',
    ]);
    expect(form().quotes[asked.key]).toEqual([69_900, 29_100]);
    expect(asked.key).toBe('USD|CLIENT_MAIN|INSTAGRAM_LIKES|1000');

    // a known key is not asked again
    store.dispatch(actions.quoteNeeded(asked));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls).toHaveLength(1);
  });

  it('asks only for the second of two quick requests: the first is cancelled while debouncing', async () => {
    const first = request('INSTAGRAM_LIKES', 500);
    const second = request('INSTAGRAM_LIKES', 1000);
    store.dispatch(actions.quoteNeeded(first));
    await wait(100);
    store.dispatch(actions.quoteNeeded(second));
    // long enough for the first to have fired had it survived
    await wait(QUOTE_DEBOUNCE_MS + 150);

    expect(calls.map((call) => call.url)).toEqual([
      '/api/prices/orderCost?tag=INSTAGRAM_LIKES&count=1000&cur=USD',
    ]);
    expect(Object.keys(form().quotes)).toEqual([second.key]);
  });

  it('aborts a look-up in flight when a newer one comes, without reporting an error', async () => {
    respond = (url, signal) =>
      url.includes('count=500')
        ? new Promise<Response>((_resolve, reject) => {
            signal?.addEventListener('abort', () => reject(new Error('aborted')));
          })
        : Promise.resolve(answer({ status: 'success', data: [700, 0] }));
    store.dispatch(actions.quoteNeeded(request('INSTAGRAM_LIKES', 500)));
    await wait(QUOTE_DEBOUNCE_MS + 50);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal?.aborted).toBe(false);

    store.dispatch(actions.quoteNeeded(request('INSTAGRAM_LIKES', 1000)));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(calls).toHaveLength(2);
    expect(form().quoteError).toBeNull();
    expect(form().quotes).toEqual({ 'USD|CLIENT_MAIN|INSTAGRAM_LIKES|1000': [700, 0] });
  });

  it('asks as CLIENT_LK when the request is for the cabinet', async () => {
    const base = { tag: 'INSTAGRAM_LIKES', count: 50, currency: 'RUB' as const };
    const lk = { ...base, client: 'CLIENT_LK' as const };
    store.dispatch(actions.quoteNeeded({ ...lk, key: quoteKey(lk) }));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/prices/orderCost?tag=INSTAGRAM_LIKES&count=50&cur=RUB&client=CLIENT_LK',
    ]);
  });

  it('puts quoteFailed with the API message on an error', async () => {
    respond = async () =>
      answer({ status: 'error', message: 'Unknown service', statusCode: 404 }, 404);
    const asked = request('NO_SUCH_TAG', 100);
    store.dispatch(actions.quoteNeeded(asked));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls).toHaveLength(1);
    expect(form().quoteError).toBe('Unknown service');
    expect(form().quotes[asked.key]).toBeUndefined();
  });

  it('puts quoteFailed when the network fails', async () => {
    respond = () => Promise.reject(new TypeError('fetch failed'));
    store.dispatch(actions.quoteNeeded(request('INSTAGRAM_LIKES', 100)));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(form().quoteError).toBe('The service is temporary unavailable');
  });
});

/* ------------------------------------------------------------------ derived methods (issue 31.2) */

describe('methodsInEffect and balanceStanding (the cabinet pays from the balance first)', () => {
  const cabinet = context({ client: 'CLIENT_LK', loggedIn: true, balance: 1_000 });
  const covered = shownMethods(cabinet, 1_000);
  const short = shownMethods(cabinet, 5_000);
  const at = { standing: 'covered' as const, quoteKey: 'USD|CLIENT_LK|INSTAGRAM_LIKES|1000' };

  it('says whether the cabinet’s balance covers the price, falls short, or neither is known', () => {
    expect(balanceStanding(cabinet, covered, 1_000)).toBe('covered');
    expect(balanceStanding(cabinet, short, 5_000)).toBe('short');
    expect(balanceStanding(cabinet, shownMethods(cabinet, null), null)).toBeNull();
    // the storefront has no standing, even for a logged-in buyer
    const storefront = context({ loggedIn: true, balance: 1_000 });
    expect(balanceStanding(storefront, shownMethods(storefront, 1_000), 1_000)).toBeNull();
  });

  it('defaults to the balance while it covers the price, and shows the panel', () => {
    expect(methodsInEffect(initialOrderFormState, covered, { ...at, priced: true })).toEqual({
      method: -1,
      visible: true,
    });
    // nothing before a price is known: the panel stays as the buyer left it
    expect(
      methodsInEffect(initialOrderFormState, shownMethods(cabinet, null), {
        standing: null,
        quoteKey: null,
        priced: false,
      }),
    ).toEqual({ method: null, visible: false });
  });

  it('keeps the buyer’s choice while it is shown and enabled, whatever the balance', () => {
    const card = run(actions.methodChosen(CARD.id));
    expect(methodsInEffect(card, covered, { ...at, priced: true }).method).toBe(CARD.id);
    // CARD is above its maximum at 200,000: hidden, so the balance (were it to cover) or none
    const high = shownMethods(context({ client: 'CLIENT_LK', loggedIn: true }), 200_000);
    expect(methodsInEffect(card, high, { ...at, standing: 'short', priced: true }).method).toBe(
      null,
    );
    expect(methodsInEffect(card, covered, { ...at, priced: true }).method).toBe(CARD.id);
    // a lone method below its minimum is shown disabled: not in effect
    const crypto = run(actions.methodChosen(CRYPTO.id));
    expect(methodsInEffect(crypto, covered, { ...at, priced: true }).method).toBe(-1);
    // the stored choice is left as the buyer made it
    expect(crypto.method).toBe(CRYPTO.id);
  });

  it('opens the panel when the balance falls short, with no method chosen for the buyer', () => {
    expect(
      methodsInEffect(initialOrderFormState, short, {
        standing: 'short',
        quoteKey: 'USD|CLIENT_LK|INSTAGRAM_LIKES|5000',
        priced: true,
      }),
    ).toEqual({ method: null, visible: true });
  });

  it('keeps the panel hidden, and the balance unchosen, at the price the buyer hid it', () => {
    const hidden = run(
      actions.methodChosen(BALANCE.id),
      actions.methodsPanelToggled({ shown: true, at: at.quoteKey }),
    );
    expect(hidden).toMatchObject({ method: null, methodsVisible: false, declinedAt: at.quoteKey });
    expect(methodsInEffect(hidden, covered, { ...at, priced: true })).toEqual({
      method: null,
      visible: false,
    });
    // opened again, nothing is chosen behind the buyer's back
    const reopened = reducer(
      hidden,
      actions.methodsPanelToggled({ shown: false, at: at.quoteKey }),
    );
    expect(methodsInEffect(reopened, covered, { ...at, priced: true })).toEqual({
      method: null,
      visible: true,
    });
    // another price is another offer: the balance again while it covers, the panel when short
    const other = { ...at, quoteKey: 'USD|CLIENT_LK|INSTAGRAM_LIKES|500', priced: true };
    expect(methodsInEffect(hidden, covered, other)).toEqual({ method: -1, visible: true });
    expect(methodsInEffect(hidden, short, { ...other, standing: 'short' })).toEqual({
      method: null,
      visible: true,
    });
  });

  it('hides a panel the cabinet showed unasked with one toggle', () => {
    const state = reducer(
      initialOrderFormState,
      actions.methodsPanelToggled({ shown: true, at: at.quoteKey }),
    );
    expect(state.methodsVisible).toBe(false);
    expect(methodsInEffect(state, covered, { ...at, priced: true }).visible).toBe(false);
  });

  it('is the buyer’s toggle and choice alone on the storefront', () => {
    const storefront = shownMethods(context(), 1_000);
    const off = { standing: null, quoteKey: 'USD|CLIENT_MAIN|INSTAGRAM_LIKES|1000', priced: false };
    expect(methodsInEffect(initialOrderFormState, storefront, off)).toEqual({
      method: null,
      visible: false,
    });
    const chosen = run(actions.methodChosen(WALLET.id));
    expect(methodsInEffect(chosen, storefront, off)).toEqual({ method: WALLET.id, visible: true });
  });
});

/* ------------------------------------------------------------------ what the form lacks */

const PAGE: PageFacts = {
  platform: 'instagram',
  service: 'INSTAGRAM_LIKES',
  client: 'CLIENT_MAIN',
  services: SERVICES,
  informers: { USD: { INSTAGRAM_LIKES: { '1000': { cost: 699, discount: 0 } } } },
};
const GUEST = { currency: 'USD' as const, metaRestricted: false };

/** What the saga asks for, from the form's view of the state. */
const needsOf = (
  state: OrderFormState,
  page: PageFacts,
  user: Parameters<typeof formView>[2],
  visitor: typeof GUEST,
) => needsOfView(formView(state, page, user, visitor), state, page.client);

describe('needsOf over formView (what the saga asks for)', () => {
  it('asks a guest on a landing for the methods only: the page brought services and prices', () => {
    expect(needsOf(initialOrderFormState, PAGE, null, GUEST)).toEqual({
      services: null,
      quote: null,
      methods: 'USD',
    });
    const loaded = run(actions.methodsLoaded({ currency: 'USD', data: METHODS }));
    expect(needsOf(loaded, PAGE, null, GUEST)).toEqual({
      services: null,
      quote: null,
      methods: null,
    });
  });

  it('asks for a price the page does not have', () => {
    const custom = run(actions.customQuantityChanged('1234'));
    expect(needsOf(custom, PAGE, null, GUEST).quote).toEqual({
      key: 'USD|CLIENT_MAIN|INSTAGRAM_LIKES|1234',
      tag: 'INSTAGRAM_LIKES',
      count: 1234,
      currency: 'USD',
      client: 'CLIENT_MAIN',
    });
    // looked up, it is known
    const quoted = reducer(
      custom,
      actions.quoteLoaded({ key: 'USD|CLIENT_MAIN|INSTAGRAM_LIKES|1234', pair: [863, 0] }),
    );
    expect(needsOf(quoted, PAGE, null, GUEST).quote).toBeNull();
  });

  it('asks for another platform’s services, but not again once they failed', () => {
    const tiktok = run(actions.platformChosen('tiktok'));
    expect(needsOf(tiktok, PAGE, null, GUEST).services).toBe('tiktok');
    const failed = reducer(tiktok, actions.servicesFailed('CLIENT_MAIN|tiktok'));
    expect(needsOf(failed, PAGE, null, GUEST).services).toBeNull();
  });

  it('asks the cabinet for its own services and prices, in the user’s currency', () => {
    const cabinet: PageFacts = { ...PAGE, client: 'CLIENT_LK', services: null, informers: {} };
    const user = { cur: 'EUR', balance: 0, isStaff: false } as Parameters<typeof needsOf>[2];
    expect(needsOf(initialOrderFormState, cabinet, user, GUEST)).toEqual({
      services: 'instagram',
      quote: null,
      methods: 'EUR',
    });
    const loaded = run(actions.servicesLoaded({ key: 'CLIENT_LK|instagram', services: SERVICES }));
    expect(needsOf(loaded, cabinet, user, GUEST).quote?.key).toBe(
      'EUR|CLIENT_LK|INSTAGRAM_LIKES|1000',
    );
    expect(formView(loaded, cabinet, user, GUEST).context.services).toBe(SERVICES);
  });
});

describe('orderFormSaga: asking for what the form lacks', () => {
  let calls: string[];
  let tasks: Task[];
  const fetchBefore = globalThis.fetch;
  const FORM_PAGE: FormPage = { ...PAGE, lang: 'en' };
  const TIKTOK = [service({ tag: 'TIKTOK_LIKES', platform: 'tiktok' })];

  function makeStore(user: unknown = null) {
    const sagaMiddleware = createSagaMiddleware();
    const created = legacy_createStore(
      combineReducers({
        orderForm: reducer,
        // the visitor's and the session's slices, as far as the form reads them
        visitor: (state = { ...GUEST }, action: { type: string; payload?: unknown }) =>
          action.type === 'visitor/currencyChanged'
            ? { ...state, currency: action.payload as 'USD' }
            : state,
        session: (state = { user }) => state,
      }),
      applyMiddleware(sagaMiddleware),
    );
    tasks.push(sagaMiddleware.run(orderFormSaga));
    return created;
  }

  beforeEach(() => {
    installStorage();
    calls = [];
    tasks = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('payment/methods')) return answer({ status: 'success', data: METHODS });
      if (url.includes('user_services/tiny')) return answer({ status: 'success', data: TIKTOK });
      return answer({ status: 'success', data: [863, 0] });
    }) as typeof fetch;
  });

  afterEach(() => {
    for (const task of tasks) task.cancel();
    globalThis.fetch = fetchBefore;
    uninstallStorage();
  });

  it('asks for nothing until a form is mounted with its page', async () => {
    const store = makeStore();
    store.dispatch(actions.formMounted({ pageId: 'service:instagram-likes' }));
    store.dispatch(actions.platformChosen('tiktok'));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls).toEqual([]);
  });

  it('on formMounted, asks for the currency’s methods; a custom quantity, for its price', async () => {
    const store = makeStore();
    store.dispatch(
      actions.formMounted({ pageId: 'service:instagram-likes', page: FORM_PAGE, view: formView }),
    );
    await wait(10);
    expect(calls).toEqual(['/api/payment/methods?currency=USD']);
    expect(store.getState().orderForm.methods.USD).toEqual(METHODS);

    store.dispatch(actions.customQuantityChanged('1234'));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls.slice(1)).toEqual([
      '/api/prices/orderCost?tag=INSTAGRAM_LIKES&count=1234&cur=USD',
    ]);
    // a choice that changes no price asks for nothing more
    store.dispatch(actions.inputChanged('https://www.instagram.com/p/C8xYz12AbCd/'));
    store.dispatch(actions.emailChanged('buyer@example.com'));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls).toHaveLength(2);
  });

  it('on platformChosen, asks once for the platform’s services, then its price', async () => {
    const store = makeStore();
    store.dispatch(actions.formMounted({ pageId: 'home', page: FORM_PAGE, view: formView }));
    store.dispatch(actions.platformChosen('tiktok'));
    // the same need again while the services load is not a second request
    store.dispatch(actions.numerosityChanged('single'));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls.filter((url) => url.includes('user_services'))).toEqual([
      '/api/user_services/tiny?labels=CLIENT_MAIN+VISIBLE&platform=tiktok&lang=en',
    ]);
    expect(store.getState().orderForm.services['CLIENT_MAIN|tiktok']).toEqual(TIKTOK);
    // the page's prices are Instagram's: TikTok's 1000 likes are looked up
    expect(calls.filter((url) => url.includes('orderCost'))).toEqual([
      '/api/prices/orderCost?tag=TIKTOK_LIKES&count=1000&cur=USD',
    ]);
  });

  it('on a currency change, asks for that currency’s methods', async () => {
    const store = makeStore();
    store.dispatch(actions.formMounted({ pageId: 'home', page: FORM_PAGE, view: formView }));
    await wait(10);
    store.dispatch({ type: 'visitor/currencyChanged', payload: 'EUR' });
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls.filter((url) => url.includes('payment/methods'))).toEqual([
      '/api/payment/methods?currency=USD',
      '/api/payment/methods?currency=EUR',
    ]);
  });

  it('stops asking once the form is unmounted', async () => {
    const store = makeStore();
    store.dispatch(actions.formMounted({ pageId: 'home', page: FORM_PAGE, view: formView }));
    await wait(10);
    store.dispatch(actions.formUnmounted());
    store.dispatch({ type: 'visitor/currencyChanged', payload: 'EUR' });
    store.dispatch(actions.platformChosen('tiktok'));
    await wait(QUOTE_DEBOUNCE_MS + 100);
    expect(calls).toEqual(['/api/payment/methods?currency=USD']);
  });
});
