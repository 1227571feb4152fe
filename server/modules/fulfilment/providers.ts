import type { Db } from '../../db/database.ts';
import {
  type AccountWatcher,
  createSimulatorWatcher,
} from '../../integrations/providers/account-watcher.ts';
import {
  checkProviderUrl,
  guardedTransport,
  type ProviderUrlRefusal,
} from '../../integrations/providers/guarded-transport.ts';
import {
  createSimulator,
  type SimService,
  type Simulator,
  type SimulatorOptions,
} from '../../integrations/providers/simulator.ts';
import {
  createSmmApiClient,
  httpTransport,
  type SmmProvider,
} from '../../integrations/providers/smm-provider.ts';
import type { Resolver } from '../../lib/public-address.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { enabledProvider } from './fulfilment.repository.ts';
import type { ProviderLookup } from './fulfilment.service.ts';
import type { ProviderRow } from './fulfilment.table.ts';

/**
 * Services the simulator sells that the seeded catalogue has not: what a fresh shop's staff
 * find new when they import from the built-in provider (/staff/providers/simulator/import/).
 */
export const SIMULATOR_EXTRAS: SimService[] = [
  {
    service: 'SIM_INSTAGRAM_SAVES',
    name: 'Instagram Saves',
    type: 'Default',
    category: 'instagram',
    rate: '0.40',
    min: 10,
    max: 100_000,
  },
  {
    service: 'SIM_TIKTOK_SHARES',
    name: 'TikTok Shares',
    type: 'Default',
    category: 'tiktok',
    rate: '0.70',
    min: 50,
    max: 200_000,
  },
  {
    service: 'SIM_YOUTUBE_COMMENT_LIKES',
    name: 'YouTube Comment Likes',
    type: 'Default',
    category: 'youtube',
    rate: '1.50',
    min: 20,
    max: 20_000,
  },
];

/**
 * The simulator sells every catalogue service under its tag, within the staff limits × 100,
 * and the extras (an extra whose id became a catalogue tag is sold as that service).
 */
export async function simulatorCatalogue(catalog: CatalogService): Promise<SimService[]> {
  const ours: SimService[] = (await catalog.stock()).map((service) => ({
    service: service.tag,
    name: service.tag,
    type: 'Default',
    category: service.platform,
    rate: '1.00',
    min: service.min,
    max: service.max * 100,
  }));
  const tags = new Set(ours.map((service) => service.service));
  return [...ours, ...SIMULATOR_EXTRAS.filter((extra) => !tags.has(extra.service))];
}

/** A sealed key (`v1.…`, server/lib/secret-box.ts) is opened; a plain one, not yet rewritten, is used as it is. */
export const SEALED_KEY = /^v1\./;

export function openKey(apiKey: string, box: Pick<SecretBox, 'open'> | undefined): string {
  if (!SEALED_KEY.test(apiKey)) return apiKey;
  if (!box) throw new Error('provider key is sealed and no secret box was given');
  return box.open(apiKey);
}

/** The provider registry: a lookup of enabled providers' clients that staff changes can reset. */
export type ProviderRegistry = ProviderLookup & {
  /** forgets the client of a provider (its row changed), or of every provider */
  forget(providerId?: string): void;
  /** a client for a row, enabled or not (staff's connection test) */
  clientOf(row: ProviderRow): SmmProvider;
  /** why a provider URL staff type in would be refused, or null when it may be called */
  urlRefusal(url: string): ProviderUrlRefusal | null;
};

/**
 * The providers of the `providers` table as API clients: 'internal' is the built-in
 * simulator (in process, or over HTTP at `simulatorUrl` when one runs on its own: the
 * operator's setting, trusted), anything else an SMM panel API v2 URL, which staff typed in:
 * called through the guarded transport (public addresses only unless `allowPrivate`, https
 * only with `requireHttps` unless `allowPrivate`, no redirects; docs/operations.md). Clients
 * are made once per provider (until `forget`); a key sealed with SECRETS_KEY is opened with
 * `box`.
 */
export function providerRegistry({
  db,
  simulator,
  simulatorUrl,
  box,
  timeoutMs = 15_000,
  allowPrivate = false,
  requireHttps = true,
  resolve,
}: {
  db: Db;
  simulator: Simulator;
  simulatorUrl: string | null;
  box?: Pick<SecretBox, 'open'>;
  timeoutMs?: number;
  /** PROVIDER_ALLOW_PRIVATE */
  allowPrivate?: boolean;
  /** https only (production) */
  requireHttps?: boolean;
  /** how names are resolved (tests hand in their own) */
  resolve?: Resolver;
}): ProviderRegistry {
  const clients = new Map<string, SmmProvider>();
  const policy = { allowPrivate, requireHttps };
  const guarded = guardedTransport({ ...policy, ...(resolve ? { resolve } : {}) });
  const clientOf = (row: ProviderRow): SmmProvider => {
    const key = openKey(row.api_key, box);
    return row.url === 'internal'
      ? createSmmApiClient({
          url: simulatorUrl ?? 'internal',
          key,
          timeoutMs,
          transport: simulatorUrl ? httpTransport : simulator.transport,
        })
      : createSmmApiClient({ url: row.url, key, timeoutMs, transport: guarded });
  };
  const lookup: ProviderLookup = async (providerId) => {
    const known = clients.get(providerId);
    if (known) return known;
    const row = await enabledProvider(db, providerId);
    if (!row) return null;
    const client = clientOf(row);
    clients.set(providerId, client);
    return client;
  };
  return Object.assign(lookup, {
    forget(providerId?: string) {
      if (providerId === undefined) clients.clear();
      else clients.delete(providerId);
    },
    clientOf,
    urlRefusal(url: string) {
      const checked = checkProviderUrl(url, policy);
      return 'refused' in checked ? checked.refused : null;
    },
  });
}

/**
 * The in-process simulator: it learns the catalogue on its first call (the catalogue is read
 * from the database, which is not ready when the services are made).
 */
export function builtInSimulator(
  catalog: CatalogService,
  options: Omit<SimulatorOptions, 'services'>,
): Simulator {
  const simulator = createSimulator({ ...options, services: [] });
  const call = simulator.transport;
  let stocked: Promise<void> | null = null;
  simulator.transport = async (url, form, timeoutMs) => {
    stocked ??= simulatorCatalogue(catalog).then(simulator.stock, (error: unknown) => {
      stocked = null;
      throw error;
    });
    await stocked;
    return call(url, form, timeoutMs);
  };
  return simulator;
}

/**
 * Subscriptions' account watcher: the simulator's `posts` call, in process or over HTTP at
 * `simulatorUrl`, with the key of the providers table's simulator row.
 */
export function simulatorWatcher({
  db,
  simulator,
  simulatorUrl,
  box,
}: {
  db: Db;
  simulator: Simulator;
  simulatorUrl: string | null;
  box?: Pick<SecretBox, 'open'>;
}): AccountWatcher {
  let watcher: AccountWatcher | null = null;
  return {
    async postsSince(account, since) {
      if (!watcher) {
        const row = await enabledProvider(db, 'simulator');
        if (!row) return { ok: false, reason: 'unavailable', message: 'no simulator provider' };
        watcher = createSimulatorWatcher({
          url: simulatorUrl ?? 'internal',
          key: openKey(row.api_key, box),
          transport: simulatorUrl ? httpTransport : simulator.transport,
        });
      }
      return watcher.postsSince(account, since);
    },
  };
}
