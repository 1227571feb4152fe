/**
 * `npm run simulator`: the SMM panel simulator on its own port, an upstream that speaks API v2
 * and delivers over minutes. Settings (all optional): SIMULATOR_PORT (3400), SIMULATOR_HOST
 * (127.0.0.1), SIMULATOR_KEY ('simulator-key'), SIMULATOR_SPEED (units a minute per order, 1000),
 * SIMULATOR_START_DELAY_MS (30000), SIMULATOR_PARTIAL_RATE, SIMULATOR_CANCEL_RATE and
 * SIMULATOR_ERROR_RATE (shares 0..1, 0). A bad value stops it with exit code 78 (EX_CONFIG).
 */

import {
  createSimulator,
  startSimulatorServer,
} from '../server/integrations/providers/simulator.ts';
import { simulatorServices } from '../server/modules/fulfilment/providers.ts';

const problems: string[] = [];
const read = <T>(
  key: string,
  fallback: T,
  parse: (raw: string) => T | undefined,
  expected: string,
): T => {
  const raw = process.env[key]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = parse(raw);
  if (value === undefined) problems.push(`${key}=${JSON.stringify(raw)} is not ${expected}`);
  return value ?? fallback;
};
const number = (test: (n: number) => boolean) => (raw: string) => {
  const n = Number(raw);
  return Number.isFinite(n) && test(n) ? n : undefined;
};
const share = number((n) => n >= 0 && n <= 1);

const port = read(
  'SIMULATOR_PORT',
  3400,
  number((n) => Number.isInteger(n) && n >= 0 && n <= 65_535),
  'a port (0-65535)',
);
const host = read('SIMULATOR_HOST', '127.0.0.1', (raw) => raw, 'a host');
const key = read('SIMULATOR_KEY', 'simulator-key', (raw) => raw, 'a key');
const speedPerMinute = read(
  'SIMULATOR_SPEED',
  1000,
  number((n) => n > 0),
  'a positive number (units a minute)',
);
const startDelayMs = read(
  'SIMULATOR_START_DELAY_MS',
  30_000,
  number((n) => Number.isInteger(n) && n >= 0),
  'a whole number of milliseconds',
);
const partialRate = read('SIMULATOR_PARTIAL_RATE', 0, share, 'a share from 0 to 1');
const cancelRate = read('SIMULATOR_CANCEL_RATE', 0, share, 'a share from 0 to 1');
const errorRate = read('SIMULATOR_ERROR_RATE', 0, share, 'a share from 0 to 1');
if (partialRate + cancelRate > 1)
  problems.push('SIMULATOR_PARTIAL_RATE and SIMULATOR_CANCEL_RATE add up to more than 1');
if (problems.length) {
  console.error(`Invalid configuration: ${problems.join('; ')}`);
  process.exit(78); // EX_CONFIG
}

// it sells the catalogue's services under their tags, as the in-process simulator does
const sim = createSimulator({
  key,
  services: simulatorServices(),
  speedPerMinute,
  startDelayMs,
  partialRate,
  cancelRate,
  errorRate,
});
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
