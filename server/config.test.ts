import { ConfigError, loadConfig, loadSimulatorConfig } from './config.ts';

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
    });
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
      speedPerMinute: 1000,
      startDelayMs: 30_000,
      partialRate: 0,
      cancelRate: 0,
      errorRate: 0,
    });
    expect(
      loadSimulatorConfig({
        SIMULATOR_PORT: '0',
        SIMULATOR_SPEED: '50',
        SIMULATOR_CANCEL_RATE: '0.25',
      }),
    ).toMatchObject({ port: 0, speedPerMinute: 50, cancelRate: 0.25 });
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
