import { bool, int, matching, ms, oneOf, text } from './parsers.ts';
import { setting } from './reader.ts';

const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The process: its mode, its log, its shutdown and its metrics. NODE_ENV is read first. */
export const runtime = {
  nodeEnv: setting({
    env: 'NODE_ENV',
    default: 'development',
    parse: oneOf(NODE_ENVS),
    doc: 'development, production or test (test silences the log)',
  }),
  logLevel: setting({
    env: 'LOG_LEVEL',
    default: (earlier) => (earlier.NODE_ENV === 'test' ? 'silent' : 'info'),
    docDefault: '`info` (`silent` in test)',
    parse: oneOf(LOG_LEVELS),
    doc: 'the least level logged',
  }),
  logPretty: setting({
    env: 'LOG_PRETTY',
    default: false,
    parse: bool,
    doc: 'human-readable lines instead of JSON',
  }),
  shutdownTimeoutMs: setting({
    env: 'SHUTDOWN_TIMEOUT_MS',
    default: 10_000,
    parse: ms(0, 600_000),
    doc: 'how long in-flight requests may take on SIGTERM',
  }),
  shutdownDelayMs: setting({
    env: 'SHUTDOWN_DELAY_MS',
    default: 0,
    parse: ms(0, 60_000),
    doc: 'how long the server keeps listening after readiness turned unhealthy',
  }),
  metricsToken: setting({
    env: 'METRICS_TOKEN',
    default: null,
    parse: matching(/^[\x21-\x7e]{16,200}$/, '16 to 200 visible ASCII characters'),
    doc: '/metrics on the app for `Authorization: Bearer <token>`',
  }),
  metricsPort: setting({
    env: 'METRICS_PORT',
    default: null,
    parse: int(1, 65_535, 'a port (1-65535)'),
    doc: '/metrics on a port of its own, without a token',
  }),
  metricsHost: setting({
    env: 'METRICS_HOST',
    default: '127.0.0.1',
    parse: text('a host or address'),
    doc: 'the address METRICS_PORT binds to',
  }),
  benchCeilingFile: setting({
    env: 'BENCH_CEILING_FILE',
    default: null,
    parse: text('a file path'),
    doc: 'benchmark only: served at /__bench/ceiling/',
  }),
};
