import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';

/** Secrets never reach the logs: auth headers, cookies, passwords, tokens, keys. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.key',
  '*.secret',
];

export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
      : {}),
  });
}

export type { Logger };
