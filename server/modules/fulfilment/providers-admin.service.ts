import type { StaffProviderBody } from '#shared/schemas/staff-catalogue.schemas.ts';
import type {
  StaffProvider,
  StaffProviderTest,
  UpstreamServiceView,
} from '#shared/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import {
  isRefusedTarget,
  type ProviderUrlRefusal,
} from '../../integrations/providers/guarded-transport.ts';
import { ProviderError, type UpstreamService } from '../../integrations/providers/smm-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ValidationError } from '../../lib/validate.ts';
import {
  countProviderCall,
  insertOrderCall,
  insertProvider,
  orderCallsOf,
  providerCallTotals,
  providerRow,
  providerRows,
  updateProvider,
} from './fulfilment.repository.ts';
import type { ProviderCallCounter } from './fulfilment.service.ts';
import type { ProviderRow } from './fulfilment.table.ts';
import { type ProviderRegistry, SEALED_KEY } from './providers.ts';

/** Writes the audit row of a staff change inside the change's transaction (the staff module's). */
export type ProvidersNote = (
  trx: Db,
  entry: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

export const PROVIDER_ERRORS = {
  notFound: 'Provider not found',
  exists: 'A provider with this id exists already',
  internal: 'The built-in simulator’s id is taken',
} as const;

/** Why `POST staff/providers` refuses a URL (400, field `url`), by the guard's reason. */
export const PROVIDER_URL_ERRORS: Record<ProviderUrlRefusal, string> = {
  url: 'The provider’s URL is an http(s) address',
  scheme: 'The provider’s URL is an http(s) address',
  credentials: 'Put no user name or password in the provider’s URL',
  private: 'The provider’s URL must point to a public address',
  https: 'The provider’s URL must start with https://',
};

/**
 * What staff are told of a failed provider call: never the network error or an HTTP status
 * (the host may be one of ours); the detail goes to the log and, for a test, to the audit.
 */
export const PROVIDER_FAILURES = {
  unreachable: 'The provider could not be reached',
  notAllowed: 'The provider’s address is not allowed',
} as const;

const HOUR_MS = 3_600_000;
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

/** A provider row as staff see it: never its key. */
const publicOf = (row: ProviderRow) => ({
  id: row.id,
  url: row.url,
  currency: row.currency,
  enabled: Boolean(row.enabled),
  key_sealed: SEALED_KEY.test(row.api_key),
});

/**
 * A failed provider call as staff see it, and its detail. A panel's own refusal
 * (`{"error": "…"}`) is its text, shown: the answer came from a public address through the
 * guard (or a private one the operator allowed, or the simulator); anything else is generic.
 */
function failureOf(error: unknown): { shown: string; detail: string } {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof ProviderError)
    return { shown: `Refused: ${error.message.slice(0, 300)}`, detail };
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return {
    shown: isRefusedTarget(error) ? PROVIDER_FAILURES.notAllowed : PROVIDER_FAILURES.unreachable,
    detail: typeof code === 'string' && !detail.includes(code) ? `${detail} (${code})` : detail,
  };
}

/** What createProvidersAdmin is made with. */
export interface ProvidersAdminDeps {
  db: Db;
  box: Pick<SecretBox, 'seal'>;
  registry: ProviderRegistry;
  logger: Pick<Logger, 'warn'>;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function providersAdminContext({
  db,
  box,
  registry,
  logger,
  now = () => new Date(),
}: ProvidersAdminDeps) {
  return { db, box, registry, logger, now };
}

export type ProvidersAdminContext = ReturnType<typeof providersAdminContext>;

export async function rowOf({ db }: ProvidersAdminContext, id: string): Promise<ProviderRow> {
  const row = await providerRow(db, id);
  if (!row) throw new AppError(PROVIDER_ERRORS.notFound, 404);
  return row;
}

/** A failed call's generic text for staff; its detail logged. */
export function failed(
  { logger }: ProvidersAdminContext,
  row: ProviderRow,
  action: string,
  error: unknown,
) {
  const failure = failureOf(error);
  logger.warn({ provider: row.id, action, error: failure.detail }, 'provider call failed');
  return failure;
}

/** The `balance` call: the answer for staff, and what the audit keeps of it. */
export async function balanceOf(
  ctx: ProvidersAdminContext,
  row: ProviderRow,
): Promise<{ shown: StaffProviderTest; kept: object }> {
  const { registry } = ctx;
  try {
    const answer = await registry.clientOf(row).balance();
    const shown = { ok: true as const, balance: answer.balance, currency: answer.currency };
    return { shown, kept: shown };
  } catch (error) {
    const { shown, detail } = failed(ctx, row, 'balance', error);
    return { shown: { ok: false, error: shown }, kept: { ok: false, error: detail } };
  }
}

export async function test(
  ctx: ProvidersAdminContext,
  row: ProviderRow,
): Promise<StaffProviderTest> {
  return (await balanceOf(ctx, row)).shown;
}

export async function view(
  ctx: ProvidersAdminContext,
  row: ProviderRow,
  balance = false,
): Promise<StaffProvider> {
  const { db, now } = ctx;
  const totals = (
    await providerCallTotals(db, hourOf(new Date(now().getTime() - 23 * HOUR_MS)))
  ).get(row.id);
  return withTotals(row, totals, balance ? await test(ctx, row) : undefined);
}

export function withTotals(
  row: ProviderRow,
  totals: { calls: number; errors: number } | undefined,
  balance: StaffProviderTest | undefined,
): StaffProvider {
  const calls = totals?.calls ?? 0;
  const errors = totals?.errors ?? 0;
  return {
    ...publicOf(row),
    calls_24h: calls,
    errors_24h: errors,
    error_rate: calls ? Math.round((errors / calls) * 1000) / 1000 : null,
    ...(balance ? { balance } : {}),
  };
}

/** Every provider; with `balance`, each one's `balance` call (in parallel). */
export async function list(
  ctx: ProvidersAdminContext,
  { balance = false } = {},
): Promise<StaffProvider[]> {
  const { db, now } = ctx;
  const rows = await providerRows(db);
  // the last 24 whole hours, this one included
  const totals = await providerCallTotals(db, hourOf(new Date(now().getTime() - 23 * HOUR_MS)));
  return Promise.all(
    rows.map(async (row) =>
      withTotals(row, totals.get(row.id), balance ? await test(ctx, row) : undefined),
    ),
  );
}

export async function get(ctx: ProvidersAdminContext, id: string): Promise<StaffProvider> {
  return view(ctx, await rowOf(ctx, id));
}

/** Whether a provider exists (a service's mapping names only known ones). */
export async function exists({ db }: ProvidersAdminContext, id: string): Promise<boolean> {
  return Boolean(await providerRow(db, id));
}

export async function add(
  ctx: ProvidersAdminContext,
  input: { id: string; url: string; api_key: string; currency: string },
  note: ProvidersNote,
): Promise<StaffProvider> {
  const { db, box, registry } = ctx;
  if (input.id === 'simulator') throw new AppError(PROVIDER_ERRORS.internal, 409);
  const refused = registry.urlRefusal(input.url);
  if (refused) throw new ValidationError({ url: PROVIDER_URL_ERRORS[refused] });
  const row: ProviderRow = {
    id: input.id,
    url: input.url,
    api_key: box.seal(input.api_key),
    currency: input.currency,
    enabled: 1,
  };
  await db.transaction().execute(async (trx) => {
    if (await providerRow(trx, input.id)) throw new AppError(PROVIDER_ERRORS.exists, 409);
    await insertProvider(trx, row);
    await note(trx, {
      action: 'provider.add',
      target: `provider:${row.id}`,
      before: undefined,
      after: publicOf(row),
    });
  });
  registry.forget(row.id);
  return view(ctx, row);
}

/**
 * The connection test: a `balance` call with the stored URL and key, with its audit row
 * (`provider.test`: the answer, or the failure's detail staff are not shown).
 */
export async function testConnection(
  ctx: ProvidersAdminContext,
  id: string,
  note: ProvidersNote,
): Promise<StaffProviderTest> {
  const { db } = ctx;
  const row = await rowOf(ctx, id);
  const { shown, kept } = await balanceOf(ctx, row);
  await note(db, {
    action: 'provider.test',
    target: `provider:${row.id}`,
    before: undefined,
    after: kept,
  });
  return shown;
}

export async function setEnabled(
  ctx: ProvidersAdminContext,
  id: string,
  enabled: boolean,
  note: ProvidersNote,
): Promise<StaffProvider> {
  const { db, registry } = ctx;
  const row = await db.transaction().execute(async (trx) => {
    const before = await providerRow(trx, id);
    if (!before) throw new AppError(PROVIDER_ERRORS.notFound, 404);
    await updateProvider(trx, id, { enabled: enabled ? 1 : 0 });
    const after = { ...before, enabled: enabled ? 1 : 0 };
    await note(trx, {
      action: enabled ? 'provider.enable' : 'provider.disable',
      target: `provider:${id}`,
      before: { enabled: Boolean(before.enabled) },
      after: { enabled },
    });
    return after;
  });
  registry.forget(id);
  return view(ctx, row);
}

/** The provider's `services` list and its currency (enabled or not: staff look before enabling). */
export async function services(
  ctx: ProvidersAdminContext,
  id: string,
): Promise<{ currency: string; list: UpstreamServiceView[] }> {
  const { registry } = ctx;
  const row = await rowOf(ctx, id);
  let list: UpstreamService[];
  try {
    list = await registry.clientOf(row).services();
  } catch (error) {
    throw new Error(failed(ctx, row, 'services', error).shown, { cause: error });
  }
  return {
    currency: row.currency,
    list: list.map((service) => ({
      service: service.service,
      name: service.name,
      type: service.type,
      category: service.category,
      rate: service.rate,
      min: Number(service.min),
      max: Number(service.max),
    })),
  };
}

/**
 * Providers for the staff console: listed with their error rate over the last
 * 24 h and, when asked, their balance; added with the API key sealed under SECRETS_KEY (the
 * key is never answered back); their connection tested with a `balance` call; enabled and
 * disabled. Each write runs in one transaction with the caller's audit row, then the registry
 * forgets the provider's client so the next call uses the new row. A URL the registry's guard
 * would refuse is refused when added; a failed call is answered generically (docs/api.md,
 * Providers), its detail logged.
 */
export function createProvidersAdmin(deps: ProvidersAdminDeps) {
  const ctx = providersAdminContext(deps);
  return Object.freeze({
    list: (options?: { balance?: boolean }) => list(ctx, options),
    get: (id: string) => get(ctx, id),
    exists: (id: string) => exists(ctx, id),
    add: (input: StaffProviderBody, note: ProvidersNote) => add(ctx, input, note),
    test: (id: string, note: ProvidersNote) => testConnection(ctx, id, note),
    setEnabled: (id: string, enabled: boolean, note: ProvidersNote) =>
      setEnabled(ctx, id, enabled, note),
    services: (id: string) => services(ctx, id),
  });
}

export type ProvidersAdmin = ReturnType<typeof createProvidersAdmin>;

/** Counts the worker's provider calls per hour in `provider_calls` (the console's error rate). */
export function callCounter(db: Db, now: () => Date = () => new Date()): ProviderCallCounter {
  return {
    count: (providerId, failed) => countProviderCall(db, providerId, hourOf(now()), failed),
    log: (call) =>
      insertOrderCall(db, {
        order_id: call.orderId,
        provider_id: call.providerId,
        action: call.action,
        request: call.request === undefined ? null : JSON.stringify(call.request),
        answer: JSON.stringify(call.answer),
        ok: call.ok ? 1 : 0,
        created_at: now().toISOString(),
      }),
  };
}

/** An order's calls to its providers and their answers (the staff console's order page). */
export async function orderCalls(db: Db, orderIds: number[]) {
  return (await orderCallsOf(db, orderIds)).map((row) => ({
    order_id: row.order_id,
    provider_id: row.provider_id,
    action: row.action,
    request: row.request === null ? null : (JSON.parse(row.request) as unknown),
    answer: row.answer === null ? null : (JSON.parse(row.answer) as unknown),
    ok: Boolean(row.ok),
    created_at: row.created_at,
  }));
}
