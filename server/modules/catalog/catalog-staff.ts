import type { Client, ServiceType } from '#shared/catalog.ts';
import { DEFAULT_LOCALE } from '#shared/locales.ts';
import type { StaffServiceBody } from '#shared/schemas/staff-catalogue.schemas.ts';
import type { StaffService } from '#shared/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/ttl-cache.ts';
import { loadCatalogRows } from './catalog.repository.ts';
import type { PriceTierRow, ServiceRow } from './catalog.table.ts';
import {
  insertService,
  lastSort,
  replaceTiers,
  serviceRowByTag,
  textRowsOf,
  tierRowsOf,
  updateService,
  upsertText,
} from './catalog-staff.repository.ts';

/** Writes the audit row of a staff change inside the change's transaction (the staff module's). */
export type CatalogNote = (
  trx: Db,
  entry: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

export const CATALOG_STAFF_ERRORS = {
  notFound: 'Unknown service',
  limits: 'The minimum is more than the maximum',
  type: 'A service has exactly one TYPE_ label',
  tagTaken: 'A service with this tag exists already',
} as const;

/** A new service of ours from a provider's service (imports). */
export interface NewService {
  tag: string;
  platform: string;
  kind: string;
  type: ServiceType;
  name: string;
  min: number;
  max: number;
  provider_id: string;
  provider_service: string;
  provider_rate: string;
  /** micro per unit, per currency (one tier from 1, for both clients) */
  micro: Record<string, number>;
}

type Texts = StaffService['texts'];

function viewOf(row: ServiceRow, texts: Texts): StaffService {
  const labels = parseJson<string[]>(row.labels, []);
  const type = labels.find((label) => label.startsWith('TYPE_'))?.slice(5) ?? 'OTHER';
  return {
    id: row.id,
    tag: row.tag,
    platform: row.platform,
    kind: row.kind,
    type: type as ServiceType,
    labels,
    enabled: labels.includes('ENABLED'),
    visible: labels.includes('VISIBLE'),
    min: row.min,
    max: row.max,
    min_order: row.min_order,
    max_order: row.max_order,
    lk_min_order: row.lk_min_order,
    lk_max_order: row.lk_max_order,
    texts,
    mapping: {
      provider_id: row.provider_id,
      provider_service: row.provider_service,
      provider_rate: row.provider_rate,
      fallback_provider_id: row.fallback_provider_id,
      fallback_service: row.fallback_service,
    },
    updated_at: row.updated_at,
  };
}

const textsOf = (rows: { lang: string; name: string; description: string }[]): Texts =>
  Object.fromEntries(
    rows.map((row) => [row.lang, { name: row.name, description: row.description }]),
  );

/** A tier list of the catalogue, grouped per client and currency. */
export interface TierGroup {
  client: Client;
  currency: string;
  tiers: { from: number; micro: number }[];
}

function groupTiers(rows: PriceTierRow[]): TierGroup[] {
  const groups = new Map<string, TierGroup>();
  for (const row of rows) {
    const key = `${row.client}|${row.currency}`;
    const group = groups.get(key) ?? {
      client: row.client as Client,
      currency: row.currency,
      tiers: [],
    };
    group.tiers.push({ from: Number(row.from_count), micro: Number(row.micro) });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** What createCatalogStaff is made with. */
export interface CatalogStaffDeps {
  db: Db;
  invalidate: () => void;
  now?: () => Date;
}

/** What the functions below work with: the dependencies. */
export function catalogStaffContext({ db, invalidate, now = () => new Date() }: CatalogStaffDeps) {
  return { db, invalidate, now };
}

export type CatalogStaffContext = ReturnType<typeof catalogStaffContext>;

export async function rowOf(trx: Db, tag: string): Promise<ServiceRow> {
  const row = await serviceRowByTag(trx, tag);
  if (!row) throw new AppError(CATALOG_STAFF_ERRORS.notFound, 404);
  return row;
}

export async function read(trx: Db, tag: string): Promise<StaffService> {
  const row = await rowOf(trx, tag);
  return viewOf(row, textsOf(await textRowsOf(trx, row.id)));
}

/** Every service, read fresh (staff see what is stored, not the 5-minute snapshot). */
export async function list({ db }: CatalogStaffContext): Promise<StaffService[]> {
  const rows = await loadCatalogRows(db);
  const texts = new Map<number, Texts>();
  for (const text of rows.texts)
    texts.set(text.service_id, {
      ...texts.get(text.service_id),
      [text.lang]: { name: text.name, description: text.description },
    });
  return rows.services.map((row) => viewOf(row, texts.get(row.id) ?? {}));
}

/** A service's tiers per client and currency, as stored. */
export async function tiers({ db }: CatalogStaffContext, tag: string): Promise<TierGroup[]> {
  const row = await rowOf(db, tag);
  return groupTiers(await tierRowsOf(db, row.id));
}

export async function editService(
  { db, invalidate, now }: CatalogStaffContext,
  tag: string,
  edit: StaffServiceBody,
  note: CatalogNote,
): Promise<StaffService> {
  const after = await db.transaction().execute(async (trx) => {
    const before = await read(trx, tag);
    let labels = edit.labels ? [...edit.labels] : [...before.labels];
    const toggle = (label: string, on: boolean | undefined) => {
      if (on === undefined) return;
      labels = labels.filter((known) => known !== label);
      if (on) labels.push(label);
    };
    toggle('ENABLED', edit.enabled);
    toggle('VISIBLE', edit.visible);
    if (labels.filter((label) => label.startsWith('TYPE_')).length !== 1)
      throw new AppError(CATALOG_STAFF_ERRORS.type, 400);
    const limits = {
      min: edit.min ?? before.min,
      max: edit.max ?? before.max,
      min_order: edit.min_order ?? before.min_order,
      max_order: edit.max_order ?? before.max_order,
      lk_min_order: edit.lk_min_order ?? before.lk_min_order,
      lk_max_order: edit.lk_max_order ?? before.lk_max_order,
    };
    if (
      limits.min > limits.max ||
      limits.min_order > limits.max_order ||
      limits.lk_min_order > limits.lk_max_order
    )
      throw new AppError(CATALOG_STAFF_ERRORS.limits, 400);
    const mapping = {
      ...(edit.provider_id !== undefined ? { provider_id: edit.provider_id } : {}),
      ...(edit.provider_service !== undefined ? { provider_service: edit.provider_service } : {}),
      ...(edit.provider_id !== undefined && edit.provider_id !== before.mapping.provider_id
        ? { provider_rate: null }
        : {}),
      ...(edit.fallback !== undefined
        ? {
            fallback_provider_id: edit.fallback?.provider_id ?? null,
            fallback_service: edit.fallback?.provider_service ?? null,
          }
        : {}),
    };
    await updateService(trx, before.id, {
      labels: JSON.stringify(labels),
      ...limits,
      ...mapping,
      updated_at: now().toISOString(),
    });
    for (const [lang, text] of Object.entries(edit.texts ?? {}))
      if (text) await upsertText(trx, { service_id: before.id, lang, ...text });
    const after = await read(trx, tag);
    await note(trx, {
      action: 'service.edit',
      target: `service:${tag}`,
      before: changedOf(before, edit),
      after: changedOf(after, edit),
    });
    return after;
  });
  invalidate();
  return after;
}

/** Replaces a service's tiers of one client and currency (checked by the caller). */
export async function setTiers(
  { db, invalidate, now }: CatalogStaffContext,
  tag: string,
  set: TierGroup,
  note: CatalogNote,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, tag);
    const current = groupTiers(await tierRowsOf(trx, row.id)).find(
      (group) => group.client === set.client && group.currency === set.currency,
    );
    await replaceTiers(trx, row.id, set.client, set.currency, set.tiers);
    await updateService(trx, row.id, { updated_at: now().toISOString() });
    await note(trx, {
      action: 'service.prices',
      target: `service:${tag}`,
      before: { client: set.client, currency: set.currency, tiers: current?.tiers ?? [] },
      after: set,
    });
  });
  invalidate();
}

/** New services from a provider's list, ENABLED but not VISIBLE until staff publish them. */
export async function importServices(
  { db, invalidate, now }: CatalogStaffContext,
  items: NewService[],
  note: CatalogNote,
): Promise<StaffService[]> {
  const made = await db.transaction().execute(async (trx) => {
    const all = await loadCatalogRows(trx);
    const tags = new Set(all.services.map((row) => row.tag));
    let sort = await lastSort(trx);
    const made: StaffService[] = [];
    for (const item of items) {
      if (tags.has(item.tag))
        throw new AppError(`${CATALOG_STAFF_ERRORS.tagTaken}: ${item.tag}`, 409);
      tags.add(item.tag);
      // accepted links: as a service of the same platform and type takes them
      const sibling =
        all.services.find(
          (row) =>
            row.platform === item.platform &&
            parseJson<string[]>(row.labels, []).includes(`TYPE_${item.type}`),
        ) ?? all.services.find((row) => row.platform === item.platform);
      sort += 1;
      const id = await insertService(trx, {
        tag: item.tag,
        platform: item.platform,
        kind: item.kind,
        page_id: null,
        labels: JSON.stringify(['CLIENT_MAIN', 'CLIENT_LK', 'ENABLED', `TYPE_${item.type}`]),
        min: item.min,
        max: item.max,
        min_order: item.min,
        max_order: item.max,
        lk_min_order: item.min,
        lk_max_order: item.max,
        link_kinds: sibling?.link_kinds ?? '[]',
        discount_group: DISCOUNT_GROUP[item.type] ?? 'basic',
        provider_id: item.provider_id,
        provider_service: item.provider_service,
        provider_rate: item.provider_rate,
        sort,
        updated_at: now().toISOString(),
      });
      // the provider's name, in English and in the language others fall back to
      for (const lang of new Set(['en', DEFAULT_LOCALE]))
        await upsertText(trx, { service_id: id, lang, name: item.name, description: '' });
      for (const [currency, micro] of Object.entries(item.micro))
        for (const client of ['CLIENT_MAIN', 'CLIENT_LK'])
          await replaceTiers(trx, id, client, currency, [{ from: 1, micro }]);
      const service = await read(trx, item.tag);
      await note(trx, {
        action: 'service.import',
        target: `service:${item.tag}`,
        before: undefined,
        after: { ...service, prices: item.micro },
      });
      made.push(service);
    }
    return made;
  });
  invalidate();
  return made;
}

/**
 * The staff console's side of the catalogue: every service as stored, edits of
 * its fields, texts, limits and provider mapping, its price tiers, and new services imported
 * from a provider. Each write runs in one transaction with the caller's audit row (`note`),
 * then drops the catalogue's snapshot so the storefront sees it at once.
 */
export function createCatalogStaff(deps: CatalogStaffDeps) {
  const ctx = catalogStaffContext(deps);
  const { db } = ctx;
  return Object.freeze({
    list: () => list(ctx),
    service: (tag: string) => read(db, tag),
    tiers: (tag: string) => tiers(ctx, tag),
    edit: (tag: string, edit: StaffServiceBody, note: CatalogNote) =>
      editService(ctx, tag, edit, note),
    setTiers: (tag: string, set: TierGroup, note: CatalogNote) => setTiers(ctx, tag, set, note),
    import: (items: NewService[], note: CatalogNote) => importServices(ctx, items, note),
  });
}

/** The discount group a new service of a type falls in (docs/product.md §4). */
const DISCOUNT_GROUP: Partial<Record<ServiceType, string>> = {
  LIKES: 'likes',
  VIEWS: 'views',
  SUBS: 'followers',
  COMMENTS: 'comments',
};

/** The fields an edit touched, as they are on a side of it (the audit row's before/after). */
function changedOf(service: StaffService, edit: StaffServiceBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [
    'min',
    'max',
    'min_order',
    'max_order',
    'lk_min_order',
    'lk_max_order',
  ] as const)
    if (edit[key] !== undefined) out[key] = service[key];
  if (edit.labels || edit.enabled !== undefined || edit.visible !== undefined)
    out.labels = service.labels;
  if (edit.texts)
    out.texts = Object.fromEntries(
      Object.keys(edit.texts).map((lang) => [lang, service.texts[lang] ?? null]),
    );
  if (edit.provider_id !== undefined || edit.provider_service !== undefined) {
    out.provider_id = service.mapping.provider_id;
    out.provider_service = service.mapping.provider_service;
  }
  if (edit.fallback !== undefined)
    out.fallback = service.mapping.fallback_provider_id
      ? {
          provider_id: service.mapping.fallback_provider_id,
          provider_service: service.mapping.fallback_service,
        }
      : null;
  return out;
}

export type CatalogStaff = ReturnType<typeof createCatalogStaff>;
