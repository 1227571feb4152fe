import { bool, int, ms, share, text } from './parsers.ts';
import { setting, type Values } from './reader.ts';

/** The simulator's pace: one definition for the app's in-process simulator and its server. */
export const simulatorPace = {
  speedPerMinute: setting({
    env: 'SIMULATOR_SPEED',
    default: 1000,
    parse: int(1, 10_000_000, 'units a minute (1-10000000)'),
    doc: 'units delivered a minute per order',
  }),
  startDelayMs: setting({
    env: 'SIMULATOR_START_DELAY_MS',
    default: 30_000,
    parse: ms(0, 3_600_000),
    doc: 'how long a new order stays Pending',
  }),
  postEveryMs: setting({
    env: 'SIMULATOR_POST_EVERY_MS',
    default: 1_800_000,
    parse: ms(100, 86_400_000),
    doc: 'how often a watched account publishes a new post (subscriptions)',
  }),
  spread: setting({
    env: 'SIMULATOR_SPREAD',
    default: true,
    parse: bool,
    doc: 'each service its own start, speed, partial and cancel share, drawn from its id',
  }),
};

/** `npm run simulator`: the simulator as an HTTP server of its own. */
export const simulatorServer = {
  port: setting({
    env: 'SIMULATOR_PORT',
    default: 3400,
    parse: int(0, 65_535, 'a port (0-65535)'),
    doc: 'port to listen on',
  }),
  host: setting({
    env: 'SIMULATOR_HOST',
    default: '127.0.0.1',
    parse: text('a host'),
    doc: 'interface to listen on',
  }),
  key: setting({
    env: 'SIMULATOR_KEY',
    default: 'simulator-key',
    parse: text('a key'),
    doc: 'the API key it accepts',
  }),
  ...simulatorPace,
  partialRate: setting({
    env: 'SIMULATOR_PARTIAL_RATE',
    default: 0,
    parse: share,
    doc: 'share of orders that end Partial',
  }),
  cancelRate: setting({
    env: 'SIMULATOR_CANCEL_RATE',
    default: 0,
    parse: share,
    doc: 'share of orders that end Canceled',
  }),
  errorRate: setting({
    env: 'SIMULATOR_ERROR_RATE',
    default: 0,
    parse: share,
    doc: 'share of add calls refused for lack of funds',
  }),
};

export type SimulatorConfig = Values<typeof simulatorServer>;
