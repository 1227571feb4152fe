/**
 * The de-facto protocol between SMM panels ("API v2", docs/product.md): a form-encoded POST with
 * `key` and `action`, a JSON answer with HTTP 200, a refusal as `{"error":"…"}`. Panels differ in
 * whether numbers come as numbers or strings; the client hands everything on as strings.
 */

export type UpstreamStatus =
  | 'Pending'
  | 'Processing'
  | 'In progress'
  | 'Completed'
  | 'Partial'
  | 'Canceled';

export interface UpstreamOrderStatus {
  /** what the provider charged us, a decimal string */
  charge: string;
  start_count: string;
  status: UpstreamStatus;
  /** units not (yet) delivered */
  remains: string;
  currency: string;
}

export interface AddInput {
  service: string;
  link: string;
  quantity: number;
  /** drip-feed: this many runs of `quantity`, `interval` minutes apart */
  runs?: number;
  interval?: number;
  /** custom comments, one a line */
  comments?: string;
  username?: string;
}

export interface UpstreamService {
  service: string;
  name: string;
  type: string;
  category: string;
  /** per 1000 units, a decimal string */
  rate: string;
  min: string;
  max: string;
  refill: boolean;
  cancel: boolean;
}

/** The provider answered `{"error": "…"}`: a refusal, not an outage (the message is its text). */
export class ProviderError extends Error {
  readonly action: string;

  constructor(action: string, message: string) {
    super(message);
    this.name = 'ProviderError';
    this.action = action;
  }
}

/**
 * Whether a call that failed may still have done its work upstream: `'no'` when the provider
 * surely never took the request (the connection was refused, or it answered 429, 502 or 503:
 * busy or down before it reached the panel), `'unknown'` otherwise (a timeout, a reset,
 * another 5xx, an answer we cannot read). After `add`, only `'no'` may be sent again.
 */
export type Placed = 'no' | 'unknown';

/** Timeout, network error, HTTP 5xx or an answer we cannot read: try again later. */
export class ProviderUnavailable extends Error {
  readonly action: string;
  readonly placed: Placed;

  constructor(action: string, message: string, options: ErrorOptions & { placed?: Placed } = {}) {
    const { placed = 'unknown', ...rest } = options;
    super(`SMM provider ${action}: ${message}`, rest);
    this.name = 'ProviderUnavailable';
    this.action = action;
    this.placed = placed;
  }
}

export interface SmmProvider {
  add(input: AddInput): Promise<{ order: string }>;
  status(order: string): Promise<UpstreamOrderStatus>;
  /** Keyed by the asked ids; asked in batches of 100, an unknown id is an `{error}` entry. */
  statuses(orders: string[]): Promise<Record<string, UpstreamOrderStatus | { error: string }>>;
  cancel(orders: string[]): Promise<Record<string, { cancel: number } | { error: string }>>;
  refill(order: string): Promise<{ refill: string }>;
  /** The panel's word on a refill (`Pending`, `In progress`, `Completed`, `Rejected` …). */
  refillStatus(refill: string): Promise<{ status: string }>;
  balance(): Promise<{ balance: string; currency: string }>;
  services(): Promise<UpstreamService[]>;
}

/**
 * How a request travels: over HTTP by default (`httpTransport`, for URLs the operator
 * configured); providers typed in by staff go through `guardedTransport`
 * (guarded-transport.ts); the in-process simulator passes its own.
 */
export type Transport = (
  url: string,
  form: URLSearchParams,
  timeoutMs: number,
) => Promise<{ status: number; body: string }>;

export const httpTransport: Transport = async (url, form, timeoutMs) => {
  // the signal also bounds reading the body: a panel that stalls mid-answer times out too
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.text() };
};

/** Panels take at most this many ids in `orders`. */
export const BATCH_SIZE = 100;

// a Map: a provider's word never finds Object.prototype's members ("constructor")
const STATUS_WORDS = new Map<string, UpstreamStatus>([
  ['pending', 'Pending'],
  ['processing', 'Processing'],
  ['inprogress', 'In progress'],
  ['completed', 'Completed'],
  ['partial', 'Partial'],
  ['canceled', 'Canceled'],
  ['cancelled', 'Canceled'],
]);

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number or a string as a string; anything else is missing. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

const flag = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

const errorText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A status object, or the reason it is not one. */
function readStatus(value: unknown): UpstreamOrderStatus | { error: string } {
  if (!isRecord(value)) return { error: 'Unexpected answer' };
  if (value.error !== undefined && value.error !== null) return { error: errorText(value.error) };
  const word = text(value.status) ?? '';
  const status = STATUS_WORDS.get(word.toLowerCase().replace(/\s+/g, ''));
  if (!status) return { error: `Unknown status ${JSON.stringify(word)}` };
  return {
    // a Pending order has no start count or charge yet on some panels (null)
    charge: text(value.charge) ?? '0',
    start_count: text(value.start_count) ?? '0',
    status,
    remains: text(value.remains) ?? '0',
    currency: text(value.currency) ?? '',
  };
}

const batches = (ids: string[]) => {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let at = 0; at < unique.length; at += BATCH_SIZE)
    out.push(unique.slice(at, at + BATCH_SIZE));
  return out;
};

/**
 * Error codes of a call that surely sent nothing: a refused connection, or a target the guarded
 * transport refused before connecting (guarded-transport.ts).
 */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'EREFUSEDTARGET', 'EPRIVATEADDRESS']);

/** HTTP statuses a panel (or its proxy) answers before taking a request: nothing was done. */
const NOT_TAKEN_STATUSES = new Set([429, 502, 503]);

/**
 * Why a request failed, and whether it surely never reached the panel (a refused connection,
 * or a target the guarded transport refused before sending anything); errors may come from
 * another realm (DOMException), so no instanceof. fetch puts the code on its cause, node:http
 * on the error itself.
 */
function failureOf(error: unknown, timeoutMs: number): { reason: string; placed: Placed } {
  const { name, message, code, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'TimeoutError')
    return { reason: `no answer within ${timeoutMs} ms`, placed: 'unknown' };
  const found = typeof code === 'string' ? code : typeof cause?.code === 'string' ? cause.code : '';
  return {
    reason: `request failed (${typeof message === 'string' ? message : String(error)}${found ? `: ${found}` : ''})`,
    placed: NOT_SENT_CODES.has(found) ? 'no' : 'unknown',
  };
}

const noAnswer = () => ({ error: 'No answer for this order' });

/** A panel's API v2 at `url`; every call is a form-encoded POST with the key. */
export function createSmmApiClient(options: {
  url: string;
  key: string;
  timeoutMs?: number;
  transport?: Transport;
}): SmmProvider {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const transport = options.transport ?? httpTransport;

  async function call(action: string, params: Record<string, string | number | undefined> = {}) {
    const form = new URLSearchParams({ key: options.key, action });
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) form.set(name, String(value));
    let answer: { status: number; body: string };
    try {
      answer = await transport(options.url, form, timeoutMs);
    } catch (error) {
      const { reason, placed } = failureOf(error, timeoutMs);
      throw new ProviderUnavailable(action, reason, { cause: error, placed });
    }
    // overloaded or failing: its body (even an {"error"}) is no refusal of this request
    if (answer.status >= 500 || answer.status === 429)
      throw new ProviderUnavailable(action, `HTTP ${answer.status}`, {
        placed: NOT_TAKEN_STATUSES.has(answer.status) ? 'no' : 'unknown',
      });
    let payload: unknown;
    try {
      payload = JSON.parse(answer.body);
    } catch {
      throw new ProviderUnavailable(action, `HTTP ${answer.status}, not JSON`);
    }
    if (isRecord(payload) && payload.error !== undefined && payload.error !== null)
      throw new ProviderError(action, errorText(payload.error));
    if (answer.status < 200 || answer.status > 299)
      throw new ProviderUnavailable(action, `HTTP ${answer.status}`);
    return payload;
  }

  const unexpected = (action: string, payload: unknown) =>
    new ProviderUnavailable(action, `unexpected answer ${JSON.stringify(payload).slice(0, 200)}`);

  return {
    async add(input) {
      const payload = await call('add', {
        service: input.service,
        link: input.link,
        quantity: input.quantity,
        runs: input.runs,
        interval: input.interval,
        comments: input.comments,
        username: input.username,
      });
      const order = isRecord(payload) ? text(payload.order) : undefined;
      if (!order) throw unexpected('add', payload);
      return { order };
    },

    async status(order) {
      const payload = await call('status', { order });
      const status = readStatus(payload);
      if ('error' in status) throw unexpected('status', payload);
      return status;
    },

    async statuses(orders) {
      const result: Record<string, UpstreamOrderStatus | { error: string }> = {};
      // one batch after another: panels rate-limit bursts
      for (const batch of batches(orders)) {
        const payload = await call('status', { orders: batch.join(',') });
        if (!isRecord(payload)) throw unexpected('status', payload);
        for (const id of batch)
          result[id] = Object.hasOwn(payload, id) ? readStatus(payload[id]) : noAnswer();
      }
      return result;
    },

    async cancel(orders) {
      const result: Record<string, { cancel: number } | { error: string }> = {};
      for (const batch of batches(orders)) {
        // v2: [{"order": 2, "cancel": 1}, {"order": 9, "cancel": {"error": "…"}}]
        const payload = await call('cancel', { orders: batch.join(',') });
        if (!Array.isArray(payload)) throw unexpected('cancel', payload);
        const answers = new Map<string, { cancel: number } | { error: string }>();
        for (const item of payload) {
          const id = isRecord(item) ? text(item.order) : undefined;
          if (!isRecord(item) || !id) continue;
          const outcome = item.cancel;
          const accepted = text(outcome);
          if (isRecord(outcome)) answers.set(id, { error: errorText(outcome.error ?? outcome) });
          else if (item.error !== undefined && item.error !== null)
            answers.set(id, { error: errorText(item.error) });
          else if (accepted && Number.isFinite(Number(accepted)))
            answers.set(id, { cancel: Number(accepted) });
          else answers.set(id, { error: 'Unexpected answer' });
        }
        for (const id of batch) result[id] = answers.get(id) ?? noAnswer();
      }
      return result;
    },

    async refill(order) {
      const payload = await call('refill', { order });
      const refill = isRecord(payload) ? text(payload.refill) : undefined;
      if (!refill) throw unexpected('refill', payload);
      return { refill };
    },

    async refillStatus(refill) {
      const payload = await call('refill_status', { refill });
      const status = isRecord(payload) ? text(payload.status) : undefined;
      if (!status) throw unexpected('refill_status', payload);
      return { status };
    },

    async balance() {
      const payload = await call('balance');
      const balance = isRecord(payload) ? text(payload.balance) : undefined;
      if (!isRecord(payload) || !balance) throw unexpected('balance', payload);
      return { balance, currency: text(payload.currency) ?? '' };
    },

    async services() {
      const payload = await call('services');
      if (!Array.isArray(payload)) throw unexpected('services', payload);
      return payload.flatMap((item): UpstreamService[] => {
        const service = isRecord(item) ? text(item.service) : undefined;
        if (!isRecord(item) || !service) return [];
        return [
          {
            service,
            name: text(item.name) ?? '',
            type: text(item.type) ?? '',
            category: text(item.category) ?? '',
            rate: text(item.rate) ?? '',
            min: text(item.min) ?? '',
            max: text(item.max) ?? '',
            refill: flag(item.refill),
            cancel: flag(item.cancel),
          },
        ];
      });
    },
  };
}
