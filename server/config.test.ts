import { ConfigError, loadConfig } from './config.ts';

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
