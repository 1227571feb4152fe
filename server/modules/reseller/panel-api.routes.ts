import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { DRIP_FEED, MAX_POSTS, SUBSCRIPTION_DELAYS } from '#shared/catalog.ts';
import { hasControlChars } from '#shared/control-chars.ts';
import { type Limits, take } from '../../http/rate-limit.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import { PANEL_ERRORS, type PanelApiService, PanelError } from './panel-api.service.ts';

/** At most this many orders in one `status` call (the protocol's limit). */
const MANY = 100;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A whole number as panels send it: `"1000"` or `1000`; anything else is undefined. */
const whole = (value: unknown): number | undefined => {
  const raw = text(value)?.trim();
  return raw && /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
};

/** An optional whole-number field: `{name: n}`, nothing when absent, refused when malformed. */
function numberField(input: Record<string, unknown>, name: string, refusal: string) {
  const raw = text(input[name])?.trim();
  if (!raw) return {};
  const value = whole(raw);
  if (value === undefined) throw new PanelError(refusal);
  return { [name]: value };
}

/**
 * Drip-feed as panels send it: `runs` absent, empty, 0 or 1 means none; otherwise `runs`
 * 2–100 and `interval` 1–1440 minutes, each refused in the panels' words when out of range.
 */
function dripFeedOf(input: Record<string, unknown>) {
  const raw = text(input.runs)?.trim();
  if (!raw) return null;
  const runs = whole(raw);
  if (runs === 0 || runs === 1) return null;
  if (runs === undefined || runs < DRIP_FEED.minRuns || runs > DRIP_FEED.maxRuns)
    throw new PanelError(PANEL_ERRORS.runs);
  const interval = whole(input.interval);
  if (
    interval === undefined ||
    interval < DRIP_FEED.minInterval ||
    interval > DRIP_FEED.maxInterval
  )
    throw new PanelError(PANEL_ERRORS.interval);
  return { runs, interval };
}

/** `d/m/Y` (panels' expiry) → `YYYY-MM-DD`, or undefined when it is no real date. */
function panelDay(raw: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  if (!match) return undefined;
  const [, d, m, y] = match;
  const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? undefined : day;
}

/**
 * A comma list of ids (up to 100), each answered in turn: its value, or its refusal in its
 * place (`{"error": …}`); an id that is not a number is refused with `refusal`.
 */
async function eachOf<T>(
  list: string,
  refusal: string,
  answer: (id: number) => Promise<T>,
): Promise<{ id: number | string; answer: T | { error: string } }[]> {
  const answers = [];
  for (const raw of list
    .split(',')
    .map((id) => id.trim())
    .slice(0, MANY)) {
    const id = whole(raw);
    answers.push({
      id: id ?? raw,
      answer:
        id === undefined
          ? { error: refusal }
          : await answer(id).catch((error: unknown) => {
              if (error instanceof PanelError) return { error: error.message };
              throw error;
            }),
    });
  }
  return answers;
}

/** The key's user, as the panel service takes it. */
type PanelUser = NonNullable<Awaited<ReturnType<ApiKeysService['authenticate']>>>;

/** `add`: the order as panels send it, checked in their words, then placed. */
async function addOrder(
  panel: PanelApiService,
  user: PanelUser,
  input: Record<string, unknown>,
  req: Request,
) {
  const service = whole(input.service);
  if (service === undefined) throw new PanelError(PANEL_ERRORS.service);
  // a Subscriptions order names the profile as `username`
  const link = (text(input.link) || text(input.username))?.trim();
  if (!link) throw new PanelError(PANEL_ERRORS.link);
  const dripFeed = dripFeedOf(input);
  const expiry = text(input.expiry)?.trim();
  const day = expiry ? panelDay(expiry) : undefined;
  if (expiry && !day) throw new PanelError(PANEL_ERRORS.expiry);
  const oldPosts = numberField(input, 'old_posts', PANEL_ERRORS.oldPosts);
  if ((oldPosts.old_posts ?? 0) > MAX_POSTS) throw new PanelError(PANEL_ERRORS.oldPosts);
  const delay = numberField(input, 'delay', PANEL_ERRORS.delay);
  if (
    delay.delay !== undefined &&
    !(SUBSCRIPTION_DELAYS as readonly number[]).includes(delay.delay)
  )
    throw new PanelError(PANEL_ERRORS.delay);
  const comments = text(input.comments);
  const quantity = whole(input.quantity) ?? 0;
  const subscription = {
    ...numberField(input, 'min', PANEL_ERRORS.min),
    ...numberField(input, 'max', PANEL_ERRORS.max),
    ...numberField(input, 'posts', PANEL_ERRORS.posts),
    ...oldPosts,
    ...delay,
    ...(day ? { expiry: day } : {}),
  };
  // Idempotency-Key (header) or idempotency_key (field): a retry never places twice
  const idempotencyKey = req.get('idempotency-key') ?? text(input.idempotency_key);
  if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,100}$/.test(idempotencyKey))
    throw new PanelError(PANEL_ERRORS.idempotency);
  return await panel.add(user, {
    service,
    link,
    quantity,
    ...(comments ? { comments } : {}),
    subscription,
    ...(dripFeed ? { dripFeed } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/** `status`: one order, or several (`orders`) each answered in its place. */
async function statusOf(panel: PanelApiService, user: PanelUser, input: Record<string, unknown>) {
  const many = text(input.orders);
  if (many !== undefined) {
    const ids = many
      .split(',')
      .map((id) => id.trim())
      .slice(0, MANY);
    const found = await panel.status(
      user,
      ids.flatMap((id) => (whole(id) === undefined ? [] : [Number(id)])),
    );
    return Object.fromEntries(
      ids.map((id) => [id, found.get(Number(id)) ?? { error: PANEL_ERRORS.order }]),
    );
  }
  const id = whole(input.order);
  const found = id === undefined ? undefined : (await panel.status(user, [id])).get(id);
  if (!found) throw new PanelError(PANEL_ERRORS.order);
  return found;
}

/** `cancel` and `refill`: one order, or several (`orders`) each answered in its place. */
async function actOn(
  panel: PanelApiService,
  user: PanelUser,
  input: Record<string, unknown>,
  action: 'cancel' | 'refill',
) {
  const list = text(input.orders);
  // `orders` (several): one answer per order, refusals in their place
  if (list !== undefined || action === 'cancel') {
    const answers = await eachOf(list ?? text(input.order) ?? '', PANEL_ERRORS.order, (id) =>
      panel.act(user, id, action).then((value) => (action === 'cancel' ? 1 : value)),
    );
    const answered = answers.map(({ id, answer }) => ({ order: id, [action]: answer }));
    return answered;
  }
  const id = whole(input.order);
  if (id === undefined) throw new PanelError(PANEL_ERRORS.order);
  return { refill: await panel.act(user, id, 'refill') };
}

/** `refill_status`: one refill, or several (`refills`) each answered in its place. */
async function refillStatusOf(
  panel: PanelApiService,
  user: PanelUser,
  input: Record<string, unknown>,
) {
  const list = text(input.refills);
  if (list !== undefined) {
    const answers = await eachOf(list, PANEL_ERRORS.refill, (id) => panel.refillStatus(user, id));
    const answered = answers.map(({ id, answer }) => ({ refill: id, status: answer }));
    return answered;
  }
  const id = whole(input.refill);
  if (id === undefined) throw new PanelError(PANEL_ERRORS.refill);
  return { status: await panel.refillStatus(user, id) };
}

/**
 * `POST /api/v2` (and `GET` with a query), form-encoded or JSON, `key` + `action`: the SMM
 * panel API v2 as the big panels speak it (docs/api.md): HTTP 200 with JSON, a refusal as
 * `{"error": "…"}`: `services`, `add`, `status`, `refill`, `refill_status`, `cancel`, `balance`.
 */
export function panelApiRoutes({
  apiKeys,
  panel,
  logger,
  perMinute,
  bodyLimitBytes = 102_400,
  limits,
}: {
  apiKeys: ApiKeysService;
  panel: PanelApiService;
  logger: Logger;
  /** calls per key and minute; 0: no limit */
  perMinute: number;
  /** the largest body read */
  bodyLimitBytes?: number;
  /** shared by every instance when Redis is configured */
  limits: Limits;
}): Router {
  const router = Router();
  const limiter = limits.limiter('reseller-key', perMinute, 60);
  router.use(
    express.urlencoded({ extended: false, limit: bodyLimitBytes }),
    express.json({ limit: bodyLimitBytes }),
  );

  const handle = async (req: Request, res: Response) => {
    const input: Record<string, unknown> = {
      ...(req.query as Record<string, unknown>),
      ...(req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}),
    };
    try {
      // no text of ours holds a control character (PostgreSQL refuses NUL)
      if (hasControlChars(input)) throw new PanelError(PANEL_ERRORS.action);
      const user = await apiKeys.authenticate(input.key, req.ip ?? '');
      if (!user) throw new PanelError(PANEL_ERRORS.key);
      const refused = await take(limiter, String(user.id));
      if (refused) {
        res.setHeader('Retry-After', String(refused.wait));
        return res.status(429).json({ error: PANEL_ERRORS.rate });
      }
      const action = text(input.action);
      if (action === 'services') return res.json(await panel.services(user));
      if (action === 'balance') return res.json(await panel.balance(user));
      if (action === 'add') return res.json(await addOrder(panel, user, input, req));
      if (action === 'status') return res.json(await statusOf(panel, user, input));
      if (action === 'cancel' || action === 'refill')
        return res.json(await actOn(panel, user, input, action));
      if (action === 'refill_status') return res.json(await refillStatusOf(panel, user, input));
      throw new PanelError(PANEL_ERRORS.action);
    } catch (error) {
      if (error instanceof PanelError) return res.json({ error: error.message });
      logger.error({ err: error }, 'panel API call failed');
      return res.status(500).json({ error: 'Internal error, try again later' });
    }
  };

  router.post('/', handle);
  router.get('/', handle);
  // a body that does not parse is the client's mistake: the protocol's answer, not a 5xx
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { status?: number })?.status && (error as { status: number }).status < 500)
      return res.json({ error: PANEL_ERRORS.action });
    next(error);
  });
  return router;
}
