import { SAMPLE_OPERATOR_ENV } from './legal.ts';
import { PUBLIC_SANDBOX_SECRET } from './payments.ts';
import type { Config } from './server.ts';
import type { SimulatorConfig } from './simulator.ts';
import { PUBLIC_SECRETS_KEY } from './staff.ts';

/**
 * The rules between keys, checked once every key is read: each yields its problem or false.
 * `isSet` tells whether a key was given at all (a default is not a choice).
 */
export function serverProblems(config: Config, isSet: (key: string) => boolean): string[] {
  const unsetOperator = Object.keys(SAMPLE_OPERATOR_ENV).filter((key) => !isSet(key));
  const production = config.nodeEnv === 'production';
  return [
    isSet('STRIPE_SECRET_KEY') !== isSet('STRIPE_WEBHOOK_SECRET') &&
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    (isSet('GA_MEASUREMENT_ID') || isSet('GA_API_SECRET')) &&
      !/^G-[A-Z0-9]{4,20}$/.test(config.ga4?.measurementId ?? '') &&
      'GA_MEASUREMENT_ID (G-…) and GA_API_SECRET must be set together',
    // a kept-alive connection must be closed before its headers timeout (Node's advice)
    config.keepAliveTimeoutMs >= config.headersTimeoutMs &&
      'KEEP_ALIVE_TIMEOUT_MS must be below HEADERS_TIMEOUT_MS',
    config.requestTimeoutMs !== 0 &&
      config.requestTimeoutMs < config.headersTimeoutMs &&
      'REQUEST_TIMEOUT_MS must be 0 (none) or at least HEADERS_TIMEOUT_MS',
    // the default signing secret is public: in production it would let anyone settle payments
    production &&
      config.paymentSandbox &&
      config.sandboxSecret === PUBLIC_SANDBOX_SECRET &&
      'PAYMENT_SANDBOX_SECRET must be set in production while PAYMENT_SANDBOX is on, to another value than its default (which is public)',
    // the default key is public: secrets encrypted with it are as good as plain text
    production &&
      config.secretsKey === PUBLIC_SECRETS_KEY &&
      'SECRETS_KEY must be set in production (64 hex digits), to another value than its default',
    // the legal pages name the operator: a shop in production never prints a placeholder
    production &&
      unsetOperator.length > 0 &&
      `${unsetOperator.join(', ')} must be set in production (the legal pages name the operator)`,
  ].filter((problem) => typeof problem === 'string');
}

export function simulatorProblems(config: SimulatorConfig): string[] {
  return config.partialRate + config.cancelRate > 1
    ? ['SIMULATOR_PARTIAL_RATE and SIMULATOR_CANCEL_RATE add up to more than 1']
    : [];
}
