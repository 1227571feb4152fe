import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVEN_PROFILE, profileOf } from './simulator-profiles.ts';
import type { Transport, UpstreamStatus } from './smm-provider.ts';

/**
 * An SMM panel that speaks API v2 (docs/product.md) and delivers over the minutes of its clock:
 * the embedded default upstream, and the far side of the provider tests.
 */

export interface SimService {
  service: string;
  name: string;
  type: string;
  category: string;
  /** per 1000 units, a decimal string (at most 8 decimals) */
  rate: string;
  min: number;
  max: number;
  /** whether `refill` / `cancel` are offered (default true) */
  refill?: boolean;
  cancel?: boolean;
}

export interface SimOrder {
  id: string;
  service: string;
  link: string;
  /** units asked for: quantity × runs */
  total: number;
  runs: number | null;
  interval: number | null;
  comments: string | null;
  username: string | null;
  /** rate × total / 1000, 5 decimals */
  charge: string;
  startCount: number;
  createdAt: number;
  /** how it ends when nobody cancels it, decided at `add` */
  fate: 'Completed' | 'Partial' | 'Canceled';
  /** units it delivers before it ends (less than total for a Partial) */
  target: number;
  /** when a `cancel` call stopped it */
  canceledAt: number | null;
  /** its service's pace when it was added (simulator-profiles.ts when spread) */
  startDelayMs: number;
  speedPerMinute: number;
}

export interface SimulatorOptions {
  /** the API key it accepts ("Invalid API key" otherwise) */
  key: string;
  /** units delivered per minute per order (default 1000) */
  speedPerMinute?: number;
  /** Pending → In progress after this (default 30 s) */
  startDelayMs?: number;
  /** share of orders that end Partial (0..1, default 0) */
  partialRate?: number;
  /** share of orders that end Canceled (0..1, default 0) */
  cancelRate?: number;
  /** share of `add` calls refused with "Not enough funds on balance" (0..1, default 0) */
  errorRate?: number;
  /**
   * each service starts, delivers, ends partial and is canceled in its own way, drawn from its
   * id (simulator-profiles.ts) around the settings above (default false: every one the same)
   */
  spread?: boolean;
  now?: () => number;
  /**
   * how often a watched account publishes a new post (default 30 min): an account is watched
   * from the first `posts` call that names it (subscriptions)
   */
  postEveryMs?: number;
  /** drawn four times per valid `add`: refusal, fate, Partial share, start count */
  random?: () => number;
  services?: SimService[];
}

export interface Simulator {
  /** one API call → its JSON answer; errors are `{error}`, nothing throws */
  handle(form: URLSearchParams): unknown;
  /** in-process transport for createSmmApiClient */
  transport: Transport;
  /** `add` calls that created an order */
  adds: number;
  orders: Map<string, SimOrder>;
  /** an outage: the transport rejects, the server answers 503 */
  down: boolean;
  /** replaces what it sells (orders already taken keep going) */
  stock(services: SimService[]): void;
  /** watched accounts (`platform:username`) and when each was first asked about */
  watched: Map<string, number>;
}

/** An account name as people write it: `@name`, `name` or its profile's address. */
const accountName = (raw: string) =>
  (raw.trim().replace(/\/+$/, '').split('/').at(-1) ?? '').replace(/^@/, '') || 'account';

/** A post's short code, the same for one account and number every time. */
function postCode(account: string, n: number, length: number, digits = false) {
  let hash = 2166136261;
  for (const char of `${account}#${n}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const alphabet = digits
    ? '0123456789'
    : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
  let code = '';
  for (let i = 0; i < length; i++) {
    hash = Math.imul(hash ^ (hash >>> 15), 2246822507) >>> 0;
    code += alphabet[hash % alphabet.length];
  }
  return digits ? `7${code.slice(1)}` : code;
}

/** The address of an account's n-th post on its platform, as docs/product.md §12's link checks take it. */
export function simulatedPostLink(platform: string, account: string, n: number): string {
  switch (platform) {
    case 'tiktok':
      return `https://www.tiktok.com/@${account}/video/${postCode(account, n, 19, true)}`;
    case 'youtube':
      return `https://www.youtube.com/watch?v=${postCode(account, n, 11)}`;
    case 'telegram':
      return `https://t.me/${account}/${n}`;
    case 'vk':
      return `https://vk.com/wall-${postCode(account, 0, 8, true)}_${n}`;
    case 'threads':
      return `https://www.threads.net/@${account}/post/${postCode(account, n, 11)}`;
    default:
      return `https://www.instagram.com/p/${postCode(account, n, 11)}/`;
  }
}

export const DEFAULT_SIM_SERVICES: SimService[] = [
  {
    service: '1',
    name: 'Instagram Likes',
    type: 'Default',
    category: 'Instagram',
    rate: '0.90',
    min: 10,
    max: 100_000,
  },
  {
    service: '2',
    name: 'Instagram Followers',
    type: 'Default',
    category: 'Instagram',
    rate: '1.80',
    min: 50,
    max: 50_000,
  },
  {
    service: '3',
    name: 'YouTube Views',
    type: 'Default',
    category: 'YouTube',
    rate: '1.20',
    min: 100,
    max: 1_000_000,
    refill: false,
  },
  {
    service: '4',
    name: 'Telegram Post Views',
    type: 'Default',
    category: 'Telegram',
    rate: '0.05',
    min: 100,
    max: 500_000,
    cancel: false,
  },
];

const CURRENCY = 'USD';
/** a Canceled fate shows In progress this long before it ends */
const CANCEL_AFTER_MS = 10_000;
const MAX_IDS = 100;
/** posts a watched account already has when it is first asked about */
const OLD_POSTS = 12;
const STARTING_BALANCE = 10_000n * 100_000n; // in 1e-5 USD

/** `"0.90"` → units of 1e-8. */
const rateUnits = (rate: string) => {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(rate);
  if (!match) throw new RangeError(`simulator: rate ${JSON.stringify(rate)} is no decimal`);
  return BigInt(match[1]! + (match[2] ?? '').padEnd(8, '0'));
};

/** units of 1e-5 → `"12.34500"` */
const money = (units: bigint) => {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / 100_000n}.${String(abs % 100_000n).padStart(5, '0')}`;
};

const idList = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** Ids go out as numbers, as panels send them. */
const wireId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : id);

const wholeNumber = (raw: string | null) =>
  raw !== null && /^\d{1,12}$/.test(raw.trim()) ? Number(raw) : undefined;

export function createSimulator(options: SimulatorOptions): Simulator {
  const speed = options.speedPerMinute ?? 1000;
  const startDelay = options.startDelayMs ?? 30_000;
  const partialRate = options.partialRate ?? 0;
  const cancelRate = options.cancelRate ?? 0;
  const errorRate = options.errorRate ?? 0;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const postEvery = options.postEveryMs ?? 30 * 60_000;
  if (!(postEvery > 0)) throw new RangeError('simulator: postEveryMs must be > 0');
  if (!(speed > 0) || !(startDelay >= 0))
    throw new RangeError('simulator: speedPerMinute must be > 0 and startDelayMs >= 0');
  for (const rate of [partialRate, cancelRate, errorRate, partialRate + cancelRate])
    if (!(rate >= 0 && rate <= 1)) throw new RangeError('simulator: rates must lie in 0..1');
  const services = new Map<string, SimService & { units: bigint }>();
  const stock = (list: SimService[]) => {
    services.clear();
    for (const service of list)
      services.set(service.service, { ...service, units: rateUnits(service.rate) });
  };
  stock(options.services ?? DEFAULT_SIM_SERVICES);
  const orders = new Map<string, SimOrder>();
  const refills = new Map<string, string>();
  let lastOrder = 0;
  let lastRefill = 0;
  let spent = 0n;

  /** Where the order would be at `at` on its own. */
  function natural(order: SimOrder, at: number): { status: UpstreamStatus; delivered: number } {
    const startAt = order.createdAt + order.startDelayMs;
    if (at < startAt) return { status: 'Pending', delivered: 0 };
    if (order.fate === 'Canceled')
      return { status: at < startAt + CANCEL_AFTER_MS ? 'In progress' : 'Canceled', delivered: 0 };
    const delivered = Math.min(
      order.target,
      Math.floor(((at - startAt) * order.speedPerMinute) / 60_000),
    );
    return { status: delivered < order.target ? 'In progress' : order.fate, delivered };
  }

  function stateOf(order: SimOrder, at = now()) {
    if (order.canceledAt === null) return natural(order, at);
    // a cancel keeps what was delivered by then: nothing is Canceled, something is Partial
    const { delivered } = natural(order, order.canceledAt);
    return { status: (delivered ? 'Partial' : 'Canceled') as UpstreamStatus, delivered };
  }

  const isOver = (status: UpstreamStatus) =>
    status === 'Completed' || status === 'Partial' || status === 'Canceled';

  function statusOf(id: string) {
    const order = orders.get(id);
    if (!order) return { error: 'Incorrect order ID' };
    const { status, delivered } = stateOf(order);
    return {
      charge: order.charge,
      // panels learn the start count when they start
      start_count: status === 'Pending' ? '0' : String(order.startCount),
      status,
      remains: String(order.total - delivered),
      currency: CURRENCY,
    };
  }

  function cancelOne(id: string): 1 | { error: string } {
    const order = orders.get(id);
    if (!order) return { error: 'Incorrect order ID' };
    if (services.get(order.service)?.cancel === false)
      return { error: 'Cancel is not available for this service' };
    if (order.canceledAt !== null || isOver(stateOf(order).status))
      return { error: 'Order cannot be canceled' };
    order.canceledAt = now();
    return 1;
  }

  const actions: Record<string, (form: URLSearchParams) => unknown> = {
    services: () =>
      [...services.values()].map((service) => ({
        service: wireId(service.service),
        name: service.name,
        type: service.type,
        category: service.category,
        rate: service.rate,
        min: String(service.min),
        max: String(service.max),
        refill: service.refill ?? true,
        cancel: service.cancel ?? true,
      })),

    add(form) {
      const service = services.get(form.get('service')?.trim() ?? '');
      if (!service) return { error: 'Incorrect service ID' };
      const link = form.get('link')?.trim();
      if (!link) return { error: 'Incorrect link' };
      const quantity = wholeNumber(form.get('quantity'));
      if (quantity === undefined) return { error: 'Incorrect quantity' };
      if (quantity < service.min) return { error: `Quantity less than minimal ${service.min}` };
      if (quantity > service.max) return { error: `Quantity more than maximal ${service.max}` };
      const runs = form.has('runs') ? wholeNumber(form.get('runs')) : null;
      const interval = form.has('interval') ? wholeNumber(form.get('interval')) : null;
      if (runs === 0 || runs === undefined) return { error: 'Incorrect runs' };
      if (interval === 0 || interval === undefined) return { error: 'Incorrect interval' };
      if (random() < errorRate) return { error: 'Not enough funds on balance' };

      const total = quantity * (runs ?? 1);
      const profile = options.spread ? profileOf(service.service) : EVEN_PROFILE;
      const canceled = Math.min(1, cancelRate + profile.cancelRate);
      const partial = Math.min(1 - canceled, partialRate + profile.partialRate);
      const fateRoll = random();
      const fate =
        fateRoll < canceled ? 'Canceled' : fateRoll < canceled + partial ? 'Partial' : 'Completed';
      const share = 0.1 + random() * 0.8;
      const startCount = 100 + Math.floor(random() * 50_000);
      const charge = (service.units * BigInt(total) + 500_000n) / 1_000_000n; // 1e-8 × n / 1000 → 1e-5
      spent += charge;
      const id = String(++lastOrder);
      orders.set(id, {
        id,
        service: service.service,
        link,
        total,
        runs,
        interval,
        comments: form.get('comments'),
        username: form.get('username'),
        charge: money(charge),
        startCount,
        createdAt: now(),
        fate,
        target:
          fate === 'Partial' ? Math.min(total - 1, Math.max(1, Math.round(total * share))) : total,
        canceledAt: null,
        startDelayMs: Math.round(startDelay * profile.startFactor),
        speedPerMinute: Math.max(1, Math.round(speed * profile.speedFactor)),
      });
      sim.adds++;
      return { order: wireId(id) };
    },

    status(form) {
      if (!form.has('orders')) return statusOf(form.get('order')?.trim() ?? '');
      const ids = idList(form.get('orders'));
      if (!ids.length) return { error: 'Incorrect order ID' };
      if (ids.length > MAX_IDS) return { error: `Too many orders: at most ${MAX_IDS}` };
      return Object.fromEntries(ids.map((id) => [id, statusOf(id)]));
    },

    cancel(form) {
      const ids = idList(form.get('orders') ?? form.get('order'));
      if (!ids.length) return { error: 'Incorrect order ID' };
      if (ids.length > MAX_IDS) return { error: `Too many orders: at most ${MAX_IDS}` };
      return ids.map((id) => ({ order: wireId(id), cancel: cancelOne(id) }));
    },

    refill(form) {
      const order = orders.get(form.get('order')?.trim() ?? '');
      if (!order) return { error: 'Incorrect order ID' };
      const { status } = stateOf(order);
      if (
        services.get(order.service)?.refill === false ||
        (status !== 'Completed' && status !== 'Partial')
      )
        return { error: 'Refill is not available for this order' };
      const id = String(++lastRefill);
      refills.set(id, order.id);
      return { refill: id };
    },

    refill_status(form) {
      return refills.has(form.get('refill')?.trim() ?? '')
        ? { status: 'Completed' }
        : { error: 'Incorrect refill ID' };
    },

    balance: () => ({ balance: money(STARTING_BALANCE - spent), currency: CURRENCY }),

    /**
     * Not a panel action: the posts of a watched account after `since` (a post number), the
     * account watcher's source for subscriptions. An account named "private…" cannot be seen.
     */
    posts(form) {
      const raw = form.get('username')?.trim();
      if (!raw) return { error: 'Incorrect username' };
      const account = accountName(raw);
      if (/^private/i.test(account)) return { error: 'Account is private or does not exist' };
      const platform = form.get('platform')?.trim() || 'instagram';
      const key = `${platform}:${account.toLowerCase()}`;
      const since = wholeNumber(form.get('since')) ?? 0;
      const at = now();
      const from = sim.watched.get(key) ?? at;
      sim.watched.set(key, from);
      // an account has OLD_POSTS posts when first watched, then one more every postEvery
      const published = OLD_POSTS + Math.floor((at - from) / postEvery);
      const posts = [];
      for (let n = since + 1; n <= published && posts.length < MAX_IDS; n++)
        posts.push({
          id: String(n),
          link: simulatedPostLink(platform, account, n),
          // the old ones before it was first watched, the new ones after
          published: new Date(
            from + (n <= OLD_POSTS ? n - OLD_POSTS - 1 : n - OLD_POSTS) * postEvery,
          ).toISOString(),
        });
      return { posts };
    },
  };

  function handle(form: URLSearchParams): unknown {
    if (form.get('key') !== options.key) return { error: 'Invalid API key' };
    const action = form.get('action') ?? '';
    return Object.hasOwn(actions, action) ? actions[action]!(form) : { error: 'Incorrect request' };
  }

  const sim: Simulator = {
    handle,
    async transport(_url, form) {
      if (sim.down) throw new Error('simulator is down');
      return { status: 200, body: JSON.stringify(handle(form)) };
    },
    adds: 0,
    orders,
    down: false,
    stock,
    watched: new Map(),
  };
  return sim;
}

const MAX_BODY = 1024 * 1024;

/** The simulator over HTTP: form-encoded POST at `/` or `/api/v2`; 503 while `sim.down`. */
export async function startSimulatorServer(
  sim: Simulator,
  port = 0,
  host = '127.0.0.1',
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (sim.down) {
      req.resume();
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://simulator').pathname.replace(/\/+$/, '');
    if (path !== '' && path !== '/api/v2') return send(404, { error: 'Not found' });
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return send(405, { error: 'Use POST' });
    }
    let body = '';
    let tooLarge = false;
    req.setEncoding('utf8');
    try {
      // read to the end even when too large: the answer must reach the client
      for await (const chunk of req as AsyncIterable<string>) {
        if (!tooLarge) body += chunk;
        if (body.length > MAX_BODY) tooLarge = true;
      }
    } catch {
      return; // the client went away
    }
    if (tooLarge) return send(413, { error: 'Request too large' });
    send(200, sim.handle(new URLSearchParams(body)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
