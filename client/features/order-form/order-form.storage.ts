import type { CatalogPlatform } from '../../../shared/catalog.ts';
import type { Choice, Numerosity } from './order-form.choice.ts';

/** What session storage gives back after a reload. */
export type RestoredChoice = Partial<
  Pick<
    Choice,
    'platform' | 'service' | 'numerosity' | 'input' | 'quantity' | 'quantityPosts' | 'email'
  > & { methodsVisible: boolean }
>;

/**
 * Session storage of the order form: the choice survives a reload of the tab and is
 * forgotten with it. `page` ties a saved choice to the page it was made on, so another
 * service page still opens with its own service.
 */
export const STORAGE_KEYS = {
  page: 'order.page',
  platform: 'order.platform',
  service: 'order.service',
  numerosity: 'order.numerosity',
  input: 'order.input',
  quantity: 'order.quantity',
  quantityPosts: 'order.quantityPosts',
  methodsVisible: 'order.methodsVisible',
  email: 'order.email',
} as const;

type Key = keyof typeof STORAGE_KEYS;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // storage can be switched off; the form then simply forgets
    return null;
  }
}

export function save(values: Partial<Record<Key, string | number | boolean | null>>): void {
  const store = storage();
  if (!store) return;
  for (const [key, value] of Object.entries(values) as [Key, unknown][]) {
    try {
      if (value === null || value === undefined) store.removeItem(STORAGE_KEYS[key]);
      else store.setItem(STORAGE_KEYS[key], String(value));
    } catch {
      // quota or privacy mode: not worth failing the form for
    }
  }
}

export function remove(keys: Key[]): void {
  const store = storage();
  for (const key of keys) store?.removeItem(STORAGE_KEYS[key]);
}

/** Whether what is saved was chosen on this page. */
export function savedFor(pageId: string): boolean {
  return storage()?.getItem(STORAGE_KEYS.page) === pageId;
}

const positive = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
};

/**
 * What the form keeps of `choice` on `pageId`: the choice tied to the page, the panel's
 * visibility and a guest's e-mail; what is unset is removed.
 */
export function persist(pageId: string, choice: Choice): void {
  save({
    page: pageId,
    platform: choice.platform,
    service: choice.service,
    numerosity: choice.service || choice.numerosity === 'multiple' ? choice.numerosity : null,
    input: choice.input || null,
    quantity: choice.quantity,
    quantityPosts: choice.quantityPosts,
    methodsVisible: choice.methodsVisible,
    email: choice.email.trim() || null,
  });
}

/** The saved choice for this page, or {} when it was made elsewhere (or never). */
export function load(pageId: string): RestoredChoice {
  const store = storage();
  if (!store) return {};
  const read = (key: Key) => store.getItem(STORAGE_KEYS[key]);
  const choice: RestoredChoice = {};
  const visible = read('methodsVisible');
  if (visible !== null) choice.methodsVisible = visible === 'true';
  // the buyer's e-mail is theirs whatever the page ("Try again" after a declined card)
  const email = read('email');
  if (email) choice.email = email.slice(0, 254);
  if (read('page') !== pageId) return choice;
  const platform = read('platform');
  if (platform) choice.platform = platform as CatalogPlatform;
  const service = read('service');
  if (service && /^[A-Z0-9_]{1,64}$/.test(service)) choice.service = service;
  const numerosity = read('numerosity');
  if (numerosity === 'single' || numerosity === 'multiple')
    choice.numerosity = numerosity as Numerosity;
  const input = read('input');
  if (input !== null) choice.input = input.slice(0, 20_000);
  const quantity = positive(read('quantity'));
  if (quantity) choice.quantity = quantity;
  const posts = positive(read('quantityPosts'));
  if (posts) choice.quantityPosts = posts;
  return choice;
}
