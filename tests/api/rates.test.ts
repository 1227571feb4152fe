import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  fetchCbrRates,
  parseCbrRates,
  RatesFeedError,
} from '#server/integrations/rates/cbr-rates.ts';
import { createRatesJob, STALE_RATES_MS } from '#server/jobs/rates.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createTestAppWith, type TestApp } from '../support/app.ts';

/**
 * Currency rates: the Bank of Russia's daily XML (windows-1251) read into roubles
 * per unit; a worker job refreshes them, keeps the last good rates when the feed is broken or
 * down, and reports rates older than a day. The feed is a local fake.
 */
const feed = (usd: string, eur: string) => `<?xml version="1.0" encoding="windows-1251"?>
<ValCurs Date="24.11.2026" name="Foreign Currency Market">
<Valute ID="R01035"><NumCode>826</NumCode><CharCode>GBP</CharCode><Nominal>1</Nominal><Name>Фунт стерлингов</Name><Value>115,1234</Value></Valute>
<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>${usd}</Value></Valute>
<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>${eur}</Value></Valute>
<Valute ID="R01375"><NumCode>156</NumCode><CharCode>CNY</CharCode><Nominal>10</Nominal><Name>Китайский юань</Name><Value>127,5000</Value></Valute>
</ValCurs>`;

/** The text as windows-1251 bytes (Cyrillic А–я at 0xC0–0xFF, ASCII as it is). */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      return 0x3f;
    }),
  );
}

describe('the central bank feed', () => {
  it('reads roubles per unit, a nominal of 10 included', () => {
    expect(parseCbrRates(feed('92,5321', '100,1'))).toEqual({
      USD: 92.5321,
      EUR: 100.1,
      date: '24.11.2026',
    });
    const ten = feed('92,5', '100,1').replace(
      '<CharCode>USD</CharCode><Nominal>1</Nominal>',
      '<CharCode>USD</CharCode><Nominal>10</Nominal>',
    );
    expect(parseCbrRates(ten).USD).toBeCloseTo(9.25);
  });

  it.each([
    ['not XML', 'Service unavailable'],
    ['no EUR', feed('92,5', '100,1').replace(/<Valute ID="R01239">[\s\S]*?<\/Valute>/, '')],
    ['a zero rate', feed('0,0000', '100,1')],
    ['an absurd rate', feed('925321,0', '100,1')],
    ['a word for a rate', feed('n/a', '100,1')],
  ])('refuses %s', (_name, text) => {
    expect(() => parseCbrRates(text)).toThrow(RatesFeedError);
  });
});

describe('the rates job', () => {
  let t: TestApp;
  let answer: { status: number; body: Buffer } = { status: 200, body: Buffer.alloc(0) };
  let server: http.Server;
  let url = '';
  const logged: { level: string; message: string }[] = [];
  const logger = {
    warn: (_fields: unknown, message: string) => logged.push({ level: 'warn', message }),
    error: (_fields: unknown, message: string) => logged.push({ level: 'error', message }),
  } as unknown as Logger;

  beforeAll(async () => {
    t = await createTestAppWith({});
    server = http.createServer((_req, res) => {
      res.writeHead(answer.status, { 'Content-Type': 'application/xml; charset=windows-1251' });
      res.end(answer.body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`;
  });
  afterAll(async () => {
    server.close();
    await t.database.close();
  });

  const rateOf = async (code: string) =>
    (await request(t.app).get('/api/currencies/data')).body.data.currencies.find(
      (entry: { code: string }) => entry.code === code,
    ).amount;

  it('stores good rates, keeps them through a broken or silent feed, and says when they go stale', async () => {
    let clock = Date.now();
    const job = createRatesJob({
      catalog: t.services.catalog,
      fetchRates: () => fetchCbrRates(url, 1000),
      everyMs: 300_000,
      logger,
      now: () => new Date(clock),
    });
    answer = { status: 200, body: cp1251(feed('91,2500', '99,7500')) };
    expect(await job()).toMatchObject({ updated: true, USD: 91.25, EUR: 99.75 });
    expect(await rateOf('USD')).toBe(91.25);
    // not again within five minutes
    expect(await job()).toEqual({ skipped: true });

    // broken: the last good rates stay
    clock += 300_000;
    answer = { status: 200, body: cp1251('<html>maintenance</html>') };
    expect(await job()).toEqual({ updated: false });
    expect(await rateOf('USD')).toBe(91.25);
    expect(logged.at(-1)).toEqual({
      level: 'warn',
      message: 'currency rates: the source failed, the last rates stay',
    });

    // down: the same
    clock += 300_000;
    answer = { status: 503, body: Buffer.from('') };
    expect(await job()).toEqual({ updated: false });
    expect(await rateOf('EUR')).toBe(99.75);

    // a day later, still failing: an error to alert on
    clock += STALE_RATES_MS;
    expect(await job()).toEqual({ updated: false });
    expect(logged.at(-1)).toEqual({
      level: 'error',
      message: 'currency rates stale: the source has failed for over a day',
    });
  });
});
