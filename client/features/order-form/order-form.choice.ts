import type { CatalogPlatform } from '../../../shared/catalog.ts';
import { isPlatformLink } from '../../../shared/link-rules.ts';
import { parseWholeNumber } from '../../../shared/numbers.ts';
import type { Currency } from '../../../shared/regions.ts';

/**
 * What the buyer chose in the order form: the form's one reducer (useReducer). What follows
 * from it (the service in effect, limits, the count to price, errors) is derived in
 * order-form.selection.ts; null means "not chosen": the page's preselection applies.
 */
export type Numerosity = 'single' | 'multiple';
/** the cabinet's balance is short: top up the rest, or pay this order by another method */
export type ShortChoice = 'topUp' | 'pay';

export interface Choice {
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
  /** the cabinet's drip-feed: the quantity per run, `runs` runs `runInterval` minutes apart */
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
  /** the quote key (or '') of the price at which the buyer hid the panel (methodsInEffect) */
  declinedAt: string | null;
  /** an account paying by a method of another currency, at the shop's rate (null: its own) */
  payCurrency: Currency | null;
  shortChoice: ShortChoice;
  /** errors show once the buyer tried to pay */
  attempted: boolean;
}

export const initialChoice: Choice = {
  platform: null,
  service: null,
  numerosity: 'single',
  input: '',
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
  payCurrency: null,
  shortChoice: 'topUp',
  attempted: false,
};

/** Fields set as they are (the fields whose change sets nothing else). */
type Plain = Pick<
  Choice,
  | 'numerosity'
  | 'quantityPosts'
  | 'quantityMax'
  | 'comments'
  | 'runs'
  | 'runInterval'
  | 'delay'
  | 'expiry'
  | 'email'
  | 'agreement'
  | 'shortChoice'
  | 'attempted'
>;

export type ChoiceAction =
  | { type: 'set'; set: Partial<Plain> }
  /** what session storage gave back, or a package or link that picks platform and service */
  | { type: 'restored'; choice: Partial<Choice> }
  | { type: 'platform'; platform: CatalogPlatform }
  | { type: 'service'; tag: string | null }
  | { type: 'input'; input: string }
  /** where the input's short links lead, line by line (order-form.routes.ts's links) */
  | { type: 'linksFollowed'; typed: string; followed: (string | null)[] }
  | { type: 'quantity'; quantity: number }
  | { type: 'customQuantity'; typed: string }
  | { type: 'dripFeed'; on: boolean }
  /** the panel as shown now (the cabinet may show it unasked), at the price at hand */
  | { type: 'togglePanel'; shown: boolean; at: string | null }
  | { type: 'method'; id: number }
  | { type: 'payCurrency'; currency: Currency | null };

/** Unsetting the service forgets numerosity, posts, quantity, the service and the input. */
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
      return { ...state, ...action.choice };
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
      // only an input the buyer has not changed meanwhile; a login or consent page is no link
      if (state.input !== action.typed) return state;
      const lines = action.typed.split('\n').map((line, index) => {
        const url = action.followed[index];
        return url && isPlatformLink(url) ? url : line;
      });
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

/** What a package card or a link to the cabinet's form puts into the form. */
export interface OrderPick {
  platform: CatalogPlatform;
  service: string;
  quantity?: number;
}

const PICKED = 'orderpick';

/**
 * Puts a platform, service (and quantity) into the order form `formId` from outside it (a
 * service page's package cards, the cabinet's `?service=`): the form listens on its element.
 */
export function pickInto(formId: string, pick: OrderPick): void {
  document.getElementById(formId)?.dispatchEvent(new CustomEvent(PICKED, { detail: pick }));
}

export function onPick(form: HTMLElement, listener: (pick: OrderPick) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<OrderPick>).detail);
  form.addEventListener(PICKED, handle);
  return () => form.removeEventListener(PICKED, handle);
}
