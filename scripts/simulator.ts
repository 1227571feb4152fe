/**
 * `npm run simulator`: the SMM panel simulator on its own port, an upstream that speaks API v2
 * and delivers over minutes, selling the catalogue of the configured database under its
 * tags. Its settings (SIMULATOR_PORT, SIMULATOR_HOST, SIMULATOR_KEY, SIMULATOR_SPEED,
 * SIMULATOR_START_DELAY_MS and the partial, cancel and error rates) are read by
 * `loadSimulatorConfig` (docs/configuration.md); a bad value stops it with exit code 78.
 */
import { bootstrap } from '#server/bootstrap.ts';
import { ConfigError, loadSimulatorConfig, type SimulatorConfig } from '#server/config.ts';
import { createSimulator, startSimulatorServer } from '#server/integrations/providers/simulator.ts';
import { simulatorCatalogue } from '#server/modules/fulfilment/providers.ts';

let settings: SimulatorConfig;
try {
  settings = loadSimulatorConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78); // EX_CONFIG
}
const { port, host, ...options } = settings;
const { database, services } = await bootstrap({
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
const sim = createSimulator({ ...options, services: await simulatorCatalogue(services.catalog) });
await database.close();
const server = await startSimulatorServer(sim, port, host).catch((error: unknown) => {
  console.error(`simulator: cannot listen on ${host}:${port}: ${(error as Error).message}`);
  process.exit(1);
});
console.log(`SMM simulator listening on ${server.url} (POST / or /api/v2)`);

const stop = async (signal: string) => {
  await server.close();
  console.log(`simulator stopped (${signal}), ${sim.adds} orders taken`);
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
