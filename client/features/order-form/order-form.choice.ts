import type { CatalogPlatform } from '#shared/catalog.ts';
import { parseWholeNumber } from '#shared/numbers.ts';
import type { Currency } from '#shared/regions.ts';
import { sessionStore } from '../../lib/storage.ts';

export type Numerosity = 'single' | 'multiple';

/**
 * What the buyer chose in the order form: its one reducer. What follows from it is derived
 * (order-form.selection.ts); null is "not chosen": the page's preselection applies.
 */
export const initialChoice = {
  platform: null as CatalogPlatform | null,
  service: null as string | null,
  numerosity: 'single' as Numerosity,
  input: '',
  /** a preset or a valid custom quantity, and the custom field as typed */
  quantity: null as number | null,
  customQuantity: '',
  quantityPosts: null as number | null,
  // the cabinet's options: the most per post of an auto order, its own comments, drip-feed
  // runs and interval, and a subscription's delay after each post and last day
  quantityMax: null as number | null,
  comments: '',
  dripFeed: false,
  runs: null as number | null,
  runInterval: null as number | null,
  delay: 0,
  expiry: '',
  /** the cabinet's subscription for every new post until `expiry` (posts 0), not a count */
  everyPost: false,
  email: '',
  agreement: false,
  /** the panel as the buyer toggled it, and the method they chose (see methodsInEffect) */
  methodsVisible: false,
  method: null as number | null,
  /** the quote key (or '') of the price at which the buyer hid the panel */
  declinedAt: null as string | null,
  /** an account paying by a method of another currency, at the shop's rate */
  payCurrency: null as Currency | null,
  /** the cabinet's balance is short: top up the rest, or pay this order by another method */
  shortChoice: 'topUp' as 'topUp' | 'pay',
  /** errors show once the buyer tried to pay */
  attempted: false,
};
export type Choice = typeof initialChoice;

/** Fields whose change sets nothing else. */
export type Settable = Partial<Omit<Choice, 'platform' | 'service' | 'input' | 'method'>>;
export type ChoiceAction =
  | { type: 'set'; set: Settable }
  /** what session storage gave back for this page */
  | { type: 'restored'; choice: Partial<Choice> }
  | { type: 'platform'; platform: CatalogPlatform }
  | { type: 'service'; tag: string | null }
  | { type: 'input'; input: string }
  /** where the input's short links lead, line by line */
  | { type: 'linksFollowed'; typed: string; followed: (string | null)[] }
  | { type: 'quantity'; quantity: number }
  | { type: 'customQuantity'; typed: string }
  | { type: 'dripFeed'; on: boolean }
  /** the panel as shown now (the cabinet may show it unasked), at the price at hand */
  | { type: 'togglePanel'; shown: boolean; at: string | null }
  | { type: 'method'; id: number }
  | { type: 'payCurrency'; currency: Currency | null };

const unsetService: Partial<Choice> = {
  service: null,
  dripFeed: false,
  numerosity: 'single',
  quantity: null,
  customQuantity: '',
  quantityPosts: null,
  input: '',
};

export function choiceReducer(state: Choice, action: ChoiceAction): Choice {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.set };
    case 'restored':
      // what the buyer did before the saved choice came back is newer: it stays
      return state === initialChoice ? { ...state, ...action.choice } : state;
    case 'platform':
      return state.platform === action.platform
        ? state
        : { ...state, ...unsetService, platform: action.platform };
    case 'service':
      // a new service is ordered for one post, without drip-feed, until the buyer says otherwise
      return action.tag === null
        ? { ...state, ...unsetService }
        : { ...state, service: action.tag, numerosity: 'single', dripFeed: false };
    case 'input':
      return { ...state, input: action.input };
    case 'linksFollowed': {
      // only into an input not changed meanwhile (the look-up keeps only a platform's links)
      if (state.input !== action.typed) return state;
      const lines = action.typed.split('\n').map((line, index) => action.followed[index] ?? line);
      return { ...state, input: lines.join('\n') };
    }
    case 'quantity':
      return { ...state, quantity: action.quantity, customQuantity: '' };
    case 'customQuantity':
      // "1 234", "1,234" and "1.234" are all one thousand two hundred and thirty-four
      return { ...state, customQuantity: action.typed, quantity: parseWholeNumber(action.typed) };
    case 'dripFeed':
      // three runs half an hour apart until the buyer says otherwise
      return action.on
        ? { ...state, dripFeed: true, runs: state.runs ?? 3, runInterval: state.runInterval ?? 30 }
        : { ...state, dripFeed: false };
    case 'togglePanel':
      // hiding the panel lets go of the method, and of the balance at this price
      return action.shown
        ? { ...state, methodsVisible: false, method: null, declinedAt: action.at ?? '' }
        : { ...state, methodsVisible: true };
    case 'method':
      return { ...state, method: action.id, methodsVisible: true };
    case 'payCurrency':
      // another currency's methods (or, null, the account's own): the method is chosen again
      return { ...state, payCurrency: action.currency, method: null, methodsVisible: true };
  }
}

/**
 * Session storage keeps the choice for the tab, a field a key; `page` ties it to the page it
 * was made on, so another service page opens with its own service. The panel's visibility
 * and a guest's e-mail ("Try again" after a declined card) hold on every page.
 */
const KEPT = ['platform', 'service', 'numerosity', 'input', 'quantity', 'quantityPosts'] as const;
export const storageKey = (field: string) => `order.${field}`;

export function persist(pageId: string, choice: Choice): void {
  const kept = {
    page: pageId,
    ...Object.fromEntries(KEPT.map((field) => [field, choice[field] || null])),
    numerosity: choice.service || choice.numerosity === 'multiple' ? choice.numerosity : null,
    methodsVisible: choice.methodsVisible,
    email: choice.email.trim() || null,
  };
  for (const [field, value] of Object.entries(kept))
    sessionStore.set(storageKey(field), value === null ? null : String(value));
}

/** The choice saved for this page (the panel and e-mail whatever the page). */
export function load(pageId: string): Partial<Choice> {
  const read = (field: string) => sessionStore.get(storageKey(field));
  const choice: Partial<Choice> = {};
  const visible = read('methodsVisible');
  if (visible !== null) choice.methodsVisible = visible === 'true';
  const email = read('email');
  if (email) choice.email = email.slice(0, 254);
  if (read('page') !== pageId) return choice;
  const platform = read('platform');
  const service = read('service');
  const numerosity = read('numerosity');
  const input = read('input');
  if (platform) choice.platform = platform as CatalogPlatform;
  if (service && /^[A-Z0-9_]{1,64}$/.test(service)) choice.service = service;
  if (numerosity === 'single' || numerosity === 'multiple') choice.numerosity = numerosity;
  if (input !== null) choice.input = input.slice(0, 20_000);
  for (const field of ['quantity', 'quantityPosts'] as const) {
    const value = Number(read(field)?.match(/^\d{1,9}$/)?.[0]);
    if (value > 0) choice[field] = value;
  }
  return choice;
}

/** What a package card or a link to the cabinet's form puts into the form. */
export interface OrderPick {
  platform: CatalogPlatform;
  service: string;
  quantity?: number;
}

/** Puts a pick into the order form `formId` from outside it: the form listens on its element. */
export function pickInto(formId: string, pick: OrderPick): void {
  document.getElementById(formId)?.dispatchEvent(new CustomEvent('orderpick', { detail: pick }));
}

export function onPick(form: HTMLElement, listener: (pick: OrderPick) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<OrderPick>).detail);
  form.addEventListener('orderpick', handle);
  return () => form.removeEventListener('orderpick', handle);
}
