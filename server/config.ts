import { serverProblems, simulatorProblems } from './config/checks.ts';
import { type Env, envReader } from './config/reader.ts';
import { assemble, type Config, SERVER_SETTINGS } from './config/server.ts';
import { type SimulatorConfig, simulatorServer } from './config/simulator.ts';
import { type ToolConfig, tools } from './config/tools.ts';

/**
 * Every setting comes from the environment through the tables of server/config/, is validated
 * once at start (a bad value stops the process with the names of the bad keys) and is
 * documented in docs/configuration.md.
 */

export { SAMPLE_OPERATOR_ENV } from './config/legal.ts';
export {
  cspSources,
  type MetaRule,
  parseAmounts,
  parseCounters,
  parseMetaRules,
} from './config/parsers.ts';
export { ConfigError } from './config/reader.ts';
export type { Config } from './config/server.ts';
export type { SimulatorConfig } from './config/simulator.ts';

export function loadConfig(env: Env = process.env): Config {
  const { read, isSet, finish } = envReader(env);
  const config = assemble(read(SERVER_SETTINGS));
  return finish(config, serverProblems(config, isSet));
}

/** Values that may be shown to browsers; nothing else of the config ever reaches a page. */
export interface PublicConfig {
  publicUrl: string;
  socialProviders: string[];
}

export function publicConfig(config: Config): PublicConfig {
  return {
    publicUrl: config.publicUrl,
    socialProviders: config.oauthProviders.map((provider) => provider.name),
  };
}

/** `npm run simulator`: the simulator as an HTTP server of its own (docs/configuration.md). */
export function loadSimulatorConfig(env: Env = process.env): SimulatorConfig {
  const { read, finish } = envReader(env);
  const config = read(simulatorServer);
  return finish(config, simulatorProblems(config));
}

/** The command-line tools' knobs (scripts/), checked as the server's are. */
export function loadToolConfig(env: Env = process.env): ToolConfig {
  const { read, finish } = envReader(env);
  return finish(read(tools), []);
}
