import type { Db } from '../../db/database.ts';
import { SERVICE_SEEDS } from '../../db/seed/catalog-data.ts';
import {
  createSimulator,
  type SimService,
  type Simulator,
} from '../../integrations/providers/simulator.ts';
import {
  createSmmApiClient,
  httpTransport,
  type SmmProvider,
} from '../../integrations/providers/smm-provider.ts';
import type { ProviderLookup } from './fulfilment.service.ts';

/** The simulator sells every catalogue service under its tag, within the staff limits. */
export function simulatorServices(): SimService[] {
  return SERVICE_SEEDS.map((seed) => ({
    service: seed.tag,
    name: seed.tag,
    type: 'Default',
    category: seed.platform,
    rate: '1.00',
    min: seed.staff[0],
    max: seed.staff[1] * 100,
  }));
}

/**
 * The providers of the `providers` table as API clients: 'internal' is the built-in
 * simulator (in process, or over HTTP at `simulatorUrl` when one runs on its own), anything
 * else an SMM panel API v2 URL. Clients are made once per provider.
 */
export function providerRegistry({
  db,
  simulator,
  simulatorUrl,
  timeoutMs = 15_000,
}: {
  db: Db;
  simulator: Simulator;
  simulatorUrl: string | null;
  timeoutMs?: number;
}): ProviderLookup {
  const clients = new Map<string, SmmProvider>();
  return async (providerId) => {
    const known = clients.get(providerId);
    if (known) return known;
    const row = await db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', providerId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    const client =
      row.url === 'internal'
        ? createSmmApiClient({
            url: simulatorUrl ?? 'internal',
            key: row.api_key,
            timeoutMs,
            transport: simulatorUrl ? httpTransport : simulator.transport,
          })
        : createSmmApiClient({ url: row.url, key: row.api_key, timeoutMs });
    clients.set(providerId, client);
    return client;
  };
}

export function builtInSimulator(
  key: string,
  options: { speedPerMinute?: number; startDelayMs?: number } = {},
) {
  return createSimulator({ key, services: simulatorServices(), ...options });
}
