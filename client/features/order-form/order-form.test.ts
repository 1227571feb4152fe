import type { CatalogPlatform, ServiceView } from '#shared/catalog.ts';
import { QUANTITY_PRESETS } from '#shared/constants.ts';
import { checkLink } from '#shared/link-rules.ts';
import {
  type PaymentMethod,
  type PaymentMethodsData,
  shownMethods,
} from '#shared/payment-methods.ts';
import {
  type Choice,
  type ChoiceAction,
  initialChoice,
  load,
  type Numerosity,
  persist,
  choiceReducer as reducer,
  storageKey,
} from './order-form.choice.ts';
import {
  balanceStanding,
  DEFAULT_POSTS,
  errorsOf,
  type FormContext,
  formView,
  type Looked,
  methodsInEffect,
  type PageFacts,
  platformsFor,
  quoteKey,
  quotesFromInformers,
  selectionOf,
} from './order-form.selection.ts';

/** The form's choices by name: the reducer's actions (order-form.choice.ts). */
const actions = {
  platformChosen: (platform: CatalogPlatform): ChoiceAction => ({ type: 'platform', platform }),
  serviceChosen: (tag: string): ChoiceAction => ({ type: 'service', tag }),
  serviceUnset: (): ChoiceAction => ({ type: 'service', tag: null }),
  numerosityChanged: (numerosity: Numerosity): ChoiceAction => ({
    type: 'set',
    set: { numerosity },
  }),
  inputChanged: (input: string): ChoiceAction => ({ type: 'input', input }),
  quantityChosen: (quantity: number): ChoiceAction => ({ type: 'quantity', quantity }),
  customQuantityChanged: (typed: string): ChoiceAction => ({ type: 'customQuantity', typed }),
  postsChanged: (quantityPosts: number | null): ChoiceAction => ({
    type: 'set',
    set: { quantityPosts },
  }),
  quantityMaxChanged: (quantityMax: number | null): ChoiceAction => ({
    type: 'set',
    set: { quantityMax },
  }),
  commentsChanged: (comments: string): ChoiceAction => ({ type: 'set', set: { comments } }),
  emailChanged: (email: string): ChoiceAction => ({ type: 'set', set: { email } }),
  agreementToggled: (agreement: boolean): ChoiceAction => ({ type: 'set', set: { agreement } }),
  methodsPanelToggled: ({ shown, at }: { shown: boolean; at: string | null }): ChoiceAction => ({
    type: 'togglePanel',
    shown,
    at,
  }),
  methodChosen: (id: number): ChoiceAction => ({ type: 'method', id }),
  restored: (choice: Partial<Choice>): ChoiceAction => ({ type: 'restored', choice }),
};

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
function run(...steps: Array<ChoiceAction | Choice>): Choice {
  let state = initialChoice;
  for (const step of steps) state = 'type' in step ? reducer(state, step) : step;
  return state;
}

/* ------------------------------------------------------------------ reducer */

describe('the order form’s reducer', () => {
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
    const at = { at: null };
    let state = run(actions.methodsPanelToggled({ shown: false, ...at }));
    expect(state.methodsVisible).toBe(true);
    state = reducer(state, actions.methodChosen(3));
    expect(state).toMatchObject({ methodsVisible: true, method: 3 });
    state = reducer(state, actions.methodsPanelToggled({ shown: true, ...at }));
    expect(state).toMatchObject({ methodsVisible: false, method: null });
    state = reducer(state, actions.methodsPanelToggled({ shown: false, ...at }));
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

  it('follows short links line by line, into an input the buyer has not changed since', () => {
    const typed = 'vm.tiktok.com/ZMhvqjLcT/\nhttps://www.tiktok.com/@user/video/1';
    const followed = ['https://www.tiktok.com/@user/video/7234567890123456789', null];
    const state = run(actions.inputChanged(typed));
    expect(reducer(state, { type: 'linksFollowed', typed, followed }).input).toBe(
      'https://www.tiktok.com/@user/video/7234567890123456789\nhttps://www.tiktok.com/@user/video/1',
    );
    // a line the look-up did not follow (or followed to no platform's link) stays as typed
    expect(reducer(state, { type: 'linksFollowed', typed, followed: [null, null] }).input).toBe(
      typed,
    );
    const changed = reducer(state, actions.inputChanged('https://www.tiktok.com/@user'));
    expect(reducer(changed, { type: 'linksFollowed', typed, followed })).toBe(changed);
  });

  it('restored fills a form the buyer has not touched yet', () => {
    const saved = { service: 'INSTAGRAM_LIKES', numerosity: 'multiple' as const, quantity: 500 };
    expect(run(actions.restored(saved))).toMatchObject(saved);
  });

  it('restored never undoes what the buyer chose before it came (a click before the page was live)', () => {
    const state = run(
      actions.quantityChosen(5000),
      actions.methodsPanelToggled({ shown: false, at: null }),
      actions.restored({ quantity: 500, methodsVisible: false, email: 'buyer@example.com' }),
    );
    expect(state).toMatchObject({ quantity: 5000, methodsVisible: true, email: '' });
  });
});

/* ------------------------------------------------------------------ selection */

describe('selectionOf', () => {
  it("applies the page's preselected service until another is chosen", () => {
    const page = context({ pageService: 'INSTAGRAM_FOLLOWERS' });
    expect(selectionOf(initialChoice, page).service?.tag).toBe('INSTAGRAM_FOLLOWERS');
    const chosen = run(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(selectionOf(chosen, page).service?.tag).toBe('INSTAGRAM_LIKES');
  });

  it('without a choice or a page service, takes the first single service by type order', () => {
    const selection = selectionOf(initialChoice, context());
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

  it('staff use min/max, everyone else min_order/max_order (docs/product.md §12)', () => {
    const state = run(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(selectionOf(state, context({ staff: true })).limits).toEqual({ min: 10, max: 50_000 });
    expect(selectionOf(state, context({ staff: false })).limits).toEqual({ min: 50, max: 20_000 });
  });

  it('without a service the limits are 1 and 100', () => {
    const selection = selectionOf(initialChoice, context({ services: null }));
    expect(selection.service).toBeNull();
    expect(selection.limits).toEqual({ min: 1, max: 100 });
    expect(selection.presets).toEqual([1, 50, 100]);
    expect(selection.tag).toBeNull();
    expect(selection.quoteKey).toBeNull();
  });

  it('offers the docs/product.md §13 presets that fall inside the limits', () => {
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

  it('counts the average of min and max per post × posts for AUTO (docs/product.md §13)', () => {
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
    const selection = selectionOf(initialChoice, context({ metaRestricted: true }));
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

describe('shownMethods (docs/product.md §15)', () => {
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

  function errors(state: Choice, overrides: Partial<FormContext> = {}, price = PRICE) {
    const ctx = context(overrides);
    // the link rules as the form has them once it is live
    return errorsOf(
      state,
      selectionOf(state, ctx),
      ctx,
      shownMethods(ctx, price),
      false,
      checkLink,
    );
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

/** Writes fields as the form keeps them (null removes one). */
function save(values: Record<string, string | number | boolean | null>) {
  for (const [field, value] of Object.entries(values))
    if (value === null) storage.removeItem(storageKey(field));
    else storage.setItem(storageKey(field), String(value));
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

    save({ service: null, quantity: null, input: null });
    expect(load('instagram-likes')).toEqual({
      platform: 'instagram',
      numerosity: 'multiple',
      quantityPosts: 7,
      methodsVisible: true,
    });
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
      storage.setItem(storageKey('service'), tag);
      storage.setItem(storageKey('quantity'), quantity);
      storage.setItem(storageKey('quantityPosts'), quantity);
      expect(load('p')).toEqual({ numerosity: 'single' });
    }
    storage.setItem(storageKey('numerosity'), 'many');
    expect(load('p')).toEqual({});
  });

  it('forgets quietly when there is no session storage', () => {
    uninstallStorage();
    try {
      expect(() => persist('p', { ...initialChoice, quantity: 5 })).not.toThrow();
      expect(load('p')).toEqual({});
    } finally {
      installStorage();
    }
  });
});

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
    expect(methodsInEffect(initialChoice, covered, { ...at, priced: true })).toEqual({
      method: -1,
      visible: true,
    });
    // nothing before a price is known: the panel stays as the buyer left it
    expect(
      methodsInEffect(initialChoice, shownMethods(cabinet, null), {
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
      methodsInEffect(initialChoice, short, {
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
      initialChoice,
      actions.methodsPanelToggled({ shown: true, at: at.quoteKey }),
    );
    expect(state.methodsVisible).toBe(false);
    expect(methodsInEffect(state, covered, { ...at, priced: true }).visible).toBe(false);
  });

  it('is the buyer’s toggle and choice alone on the storefront', () => {
    const storefront = shownMethods(context(), 1_000);
    const off = { standing: null, quoteKey: 'USD|CLIENT_MAIN|INSTAGRAM_LIKES|1000', priced: false };
    expect(methodsInEffect(initialChoice, storefront, off)).toEqual({
      method: null,
      visible: false,
    });
    const chosen = run(actions.methodChosen(WALLET.id));
    expect(methodsInEffect(chosen, storefront, off)).toEqual({ method: WALLET.id, visible: true });
  });
});

/* ------------------------------------------------------------------ the form's view */

const PAGE: PageFacts = {
  platform: 'instagram',
  service: 'INSTAGRAM_LIKES',
  client: 'CLIENT_MAIN',
  services: SERVICES,
  informers: { USD: { INSTAGRAM_LIKES: { '1000': { cost: 699, discount: 0 } } } },
};
const GUEST = { currency: 'USD' as const, metaRestricted: false };
const NOTHING: Looked = {
  services: {},
  methods: { methods: null, payMethods: null },
  quotes: {},
};

describe('formView: what the page brings and what the form looks up', () => {
  it('prices a guest’s preset from the page, and has the methods once looked up', () => {
    const view = formView(initialChoice, PAGE, null, GUEST, NOTHING);
    expect(view.pair).toEqual([699, 0]);
    expect(view.context.services).toBe(SERVICES);
    expect(view.context.methods).toBeNull();
    const methods = { methods: METHODS, payMethods: null };
    expect(
      formView(initialChoice, PAGE, null, GUEST, { ...NOTHING, methods }).context.methods,
    ).toBe(METHODS);
  });

  it('has no price the page lacks until it is looked up', () => {
    const custom = run(actions.customQuantityChanged('1234'));
    const view = formView(custom, PAGE, null, GUEST, NOTHING);
    expect(view.selection.quoteKey).toBe('USD|CLIENT_MAIN|INSTAGRAM_LIKES|1234');
    expect(view.pair).toBeNull();
    const quotes = { 'USD|CLIENT_MAIN|INSTAGRAM_LIKES|1234': [863, 0] as [number, number] };
    expect(formView(custom, PAGE, null, GUEST, { ...NOTHING, quotes }).pair).toEqual([863, 0]);
  });

  it('has no services of another platform until they are looked up', () => {
    const tiktok = run(actions.platformChosen('tiktok'));
    expect(formView(tiktok, PAGE, null, GUEST, NOTHING).context.services).toBeNull();
  });

  it('gives the cabinet its own services and prices, in the user’s currency, never the page’s', () => {
    const cabinet: PageFacts = { ...PAGE, client: 'CLIENT_LK', services: null };
    const user = { cur: 'EUR', balance: 0, isStaff: false } as Parameters<typeof formView>[2];
    const none = formView(initialChoice, cabinet, user, GUEST, NOTHING);
    expect(none.context).toMatchObject({ services: null, currency: 'EUR' });
    const services = { 'CLIENT_LK|instagram': SERVICES };
    const view = formView(initialChoice, cabinet, user, GUEST, { ...NOTHING, services });
    expect(view.context.services).toBe(SERVICES);
    expect(view.selection.quoteKey).toBe('EUR|CLIENT_LK|INSTAGRAM_LIKES|1000');
    expect(view.pair).toBeNull();
  });
});

/* ------------------------------------------------------------------ kept for the tab */

describe('what the form keeps in session storage', () => {
  beforeEach(installStorage);
  afterEach(uninstallStorage);

  /** A form on `pageId` as useOrderForm runs it: restored once mounted, kept after each choice. */
  function formOn(pageId: string) {
    let state = reducer(initialChoice, actions.restored(load(pageId)));
    persist(pageId, state);
    return {
      choose(...steps: ChoiceAction[]) {
        for (const step of steps) {
          state = reducer(state, step);
          persist(pageId, state);
        }
      },
      state: () => state,
    };
  }
  const kept = (field: string) => storage.getItem(storageKey(field));

  it('keeps service and numerosity (reset to single) when a service is chosen', () => {
    const form = formOn('instagram-likes');
    form.choose(actions.platformChosen('instagram'), actions.numerosityChanged('multiple'));
    expect(kept('numerosity')).toBe('multiple');
    form.choose(actions.serviceChosen('INSTAGRAM_LIKES'));
    expect(kept('service')).toBe('INSTAGRAM_LIKES');
    expect(kept('numerosity')).toBe('single');
    expect(kept('page')).toBe('instagram-likes');
  });

  it('forgets numerosity, posts, quantity, service and input when the service is unset', () => {
    const form = formOn('instagram-auto-likes');
    form.choose(
      actions.platformChosen('instagram'),
      actions.serviceChosen('INSTAGRAM_AUTO_LIKES'),
      actions.inputChanged('some.user'),
      actions.quantityChosen(500),
      actions.postsChanged(5),
      actions.methodsPanelToggled({ shown: false, at: null }),
    );
    const keys = ['service', 'numerosity', 'input', 'quantity', 'quantityPosts'] as const;
    for (const key of keys) expect(kept(key)).not.toBeNull();
    form.choose(actions.serviceUnset());
    for (const key of keys) expect(kept(key)).toBeNull();
    // the rest stays
    expect(kept('page')).toBe('instagram-auto-likes');
    expect(kept('platform')).toBe('instagram');
    expect(kept('methodsVisible')).toBe('true');
  });

  it('keeps the panel’s visibility, and a guest’s e-mail trimmed', () => {
    const form = formOn('home');
    form.choose(actions.methodsPanelToggled({ shown: false, at: null }));
    expect(kept('methodsVisible')).toBe('true');
    form.choose(actions.methodsPanelToggled({ shown: true, at: null }));
    expect(kept('methodsVisible')).toBe('false');
    form.choose(actions.emailChanged(' buyer@example.com '));
    expect(kept('email')).toBe('buyer@example.com');
  });

  it('restores the saved choice for the same page only', () => {
    save({
      page: 'instagram-likes',
      platform: 'instagram',
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      quantity: 500,
      methodsVisible: true,
    });
    expect(formOn('instagram-likes').state()).toMatchObject({
      platform: 'instagram',
      service: 'INSTAGRAM_LIKES',
      numerosity: 'multiple',
      quantity: 500,
      methodsVisible: true,
    });
    expect(formOn('instagram-followers').state()).toMatchObject({
      platform: null,
      service: null,
      numerosity: 'single',
      quantity: null,
      methodsVisible: true,
    });
  });

  it('keeps the saved choice when the platform in effect is chosen again', () => {
    const form = formOn('instagram-likes');
    form.choose(
      actions.platformChosen('instagram'),
      actions.serviceChosen('INSTAGRAM_LIKES'),
      actions.quantityChosen(500),
      actions.platformChosen('instagram'),
    );
    expect(kept('service')).toBe('INSTAGRAM_LIKES');
    expect(kept('quantity')).toBe('500');
    // another platform does forget them
    form.choose(actions.platformChosen('tiktok'));
    expect(kept('service')).toBeNull();
    expect(kept('quantity')).toBeNull();
  });

  it('never hands one page’s saved choice to another page', () => {
    formOn('instagram-likes').choose(
      actions.serviceChosen('INSTAGRAM_LIKES'),
      actions.quantityChosen(500),
    );
    formOn('instagram-followers').choose(actions.inputChanged('some.user'));
    expect(formOn('instagram-followers').state()).toMatchObject({
      service: null,
      quantity: null,
      input: 'some.user',
    });
  });
});
