import { ConfigError, loadConfig, loadSimulatorConfig, SAMPLE_OPERATOR_ENV } from './config.ts';

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      logLevel: 'info',
      compression: true,
      cspReportOnly: false,
      shutdownTimeoutMs: 10_000,
      shutdownDelayMs: 0,
      compressionLevel: -1,
      compressionThreshold: 1024,
      bodyLimitBytes: 102_400,
      cspExtra: { scriptSrc: [], connectSrc: [], imgSrc: [] },
      headersTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5000,
      requestTimeoutMs: 300_000,
      metricsToken: null,
      metricsPort: null,
      authAccountAttemptsPerHour: 20,
    });
  });

  it('reads every middleware setting', () => {
    const config = loadConfig({
      COMPRESSION_LEVEL: '9',
      COMPRESSION_THRESHOLD: '0',
      BODY_LIMIT_BYTES: '2048',
      CSP_CONNECT_SRC: 'https://www.google-analytics.com https://*.yandex.ru wss:',
      HEADERS_TIMEOUT_MS: '70000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      REQUEST_TIMEOUT_MS: '0',
    });
    expect(config.cspExtra.connectSrc).toEqual([
      'https://www.google-analytics.com',
      'https://*.yandex.ru',
      'wss:',
    ]);
    expect(config.compressionLevel).toBe(9);
    expect(config.bodyLimitBytes).toBe(2048);
    expect(config.keepAliveTimeoutMs).toBe(65_000);
  });

  it('names bad middleware settings', () => {
    try {
      loadConfig({
        COMPRESSION_LEVEL: '11',
        BODY_LIMIT_BYTES: '1kb',
        CSP_SCRIPT_SRC: "'unsafe-eval'",
        KEEP_ALIVE_TIMEOUT_MS: '70000',
      });
      throw new Error('loaded');
    } catch (error) {
      const { problems } = error as ConfigError;
      const all = problems.join(' ');
      for (const key of ['COMPRESSION_LEVEL=', 'BODY_LIMIT_BYTES=', 'CSP_SCRIPT_SRC='])
        expect(all).toContain(key);
      expect(all).toContain('KEEP_ALIVE_TIMEOUT_MS must be below HEADERS_TIMEOUT_MS');
    }
  });

  it('parses every form of trust proxy', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('names every bad key at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'ftp://x',
        COMPRESSION: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(4);
      for (const key of ['PORT', 'LOG_LEVEL', 'PUBLIC_URL', 'COMPRESSION'])
        expect(problems.join(' ')).toContain(`${key}=`);
    }
  });

  it('refuses to start in production without the operator the legal pages name', () => {
    const secret = {
      PAYMENT_SANDBOX_SECRET: 'a long random secret value',
      SECRETS_KEY: 'ab'.repeat(32),
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret })).toThrow(
      /LEGAL_OPERATOR_NAME, LEGAL_OPERATOR_ADDRESS, LEGAL_OPERATOR_REGISTRATION, LEGAL_OPERATOR_TAX_ID, LEGAL_OPERATOR_JURISDICTION must be set in production/,
    );
    const { LEGAL_OPERATOR_TAX_ID: _taxId, ...fourOfFive } = SAMPLE_OPERATOR_ENV;
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret, ...fourOfFive })).toThrow(
      /^Invalid configuration: LEGAL_OPERATOR_TAX_ID must be set in production/,
    );
    const set = loadConfig({ NODE_ENV: 'production', ...secret, ...SAMPLE_OPERATOR_ENV });
    expect(set.legal.operatorTaxId).toBe(SAMPLE_OPERATOR_ENV.LEGAL_OPERATOR_TAX_ID);
    // elsewhere the marked sample fills them
    expect(loadConfig({ NODE_ENV: 'development' }).legal.operatorName).toBe(
      'Sample Operator LLC (sample details)',
    );
  });

  it('refuses to start in production with the public default secrets key', () => {
    const rest = { PAYMENT_SANDBOX_SECRET: 'a long random secret value', ...SAMPLE_OPERATOR_ENV };
    expect(() => loadConfig({ NODE_ENV: 'production', ...rest })).toThrow(
      /^Invalid configuration: SECRETS_KEY must be set in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...rest, SECRETS_KEY: 'not hex at all' }),
    ).toThrow(/SECRETS_KEY="not hex at all" is not 64 hex digits/);
    const key = 'C0'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', ...rest, SECRETS_KEY: key }).secretsKey).toBe(key);
  });

  it('refuses to start in production with the sandbox on and its public default secret', () => {
    const OPERATOR = { ...SAMPLE_OPERATOR_ENV, SECRETS_KEY: 'ab'.repeat(32) };

    expect(() => loadConfig({ NODE_ENV: 'production', ...OPERATOR })).toThrow(
      /PAYMENT_SANDBOX_SECRET must be set in production/,
    );
    // set, but to the documented default: as public as no value
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_SANDBOX_SECRET: 'sandbox-development-secret',
        ...OPERATOR,
      }),
    ).toThrow(/PAYMENT_SANDBOX_SECRET must be set in production/);
    // a secret of its own, or no sandbox at all, starts
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_SANDBOX_SECRET: 'a long random secret value',
        ...OPERATOR,
      }).paymentSandbox,
    ).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'false', ...OPERATOR }).paymentSandbox,
    ).toBe(false);
    // development and tests keep the default
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxSecret).toBe(
      'sandbox-development-secret',
    );
  });

  it('keeps the origin of PUBLIC_URL only when it has no path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe(
      'https://shop.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example/ru' })).toThrow(/PUBLIC_URL/);
  });
});

describe('loadSimulatorConfig (npm run simulator)', () => {
  it('has defaults and reads every key', () => {
    expect(loadSimulatorConfig({})).toEqual({
      port: 3400,
      host: '127.0.0.1',
      key: 'simulator-key',
      postEveryMs: 1_800_000,
      speedPerMinute: 1000,
      startDelayMs: 30_000,
      spread: true,
      partialRate: 0,
      cancelRate: 0,
      errorRate: 0,
    });
    expect(
      loadSimulatorConfig({
        SIMULATOR_PORT: '0',
        SIMULATOR_SPEED: '50',
        SIMULATOR_CANCEL_RATE: '0.25',
        SIMULATOR_POST_EVERY_MS: '500',
        SIMULATOR_SPREAD: 'false',
      }),
    ).toMatchObject({
      port: 0,
      speedPerMinute: 50,
      cancelRate: 0.25,
      postEveryMs: 500,
      spread: false,
    });
  });

  it('checks the speed and start delay with the same rule as the server', () => {
    for (const env of [{ SIMULATOR_SPEED: '0.5' }, { SIMULATOR_START_DELAY_MS: '-1' }]) {
      expect(() => loadSimulatorConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it('names every bad key, and refuses shares that add up to more than 1', () => {
    const error = (() => {
      try {
        loadSimulatorConfig({
          SIMULATOR_PORT: '70000',
          SIMULATOR_ERROR_RATE: '2',
          SIMULATOR_PARTIAL_RATE: '0.6',
          SIMULATOR_CANCEL_RATE: '0.6',
        });
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.problems).toEqual([
      'SIMULATOR_PORT="70000" is not a port (0-65535)',
      'SIMULATOR_ERROR_RATE="2" is not a share from 0 to 1',
      'SIMULATOR_PARTIAL_RATE and SIMULATOR_CANCEL_RATE add up to more than 1',
    ]);
  });
});
