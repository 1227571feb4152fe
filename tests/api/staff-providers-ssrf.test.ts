import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import { SAMPLE_OPERATOR_ENV } from '#server/config/legal.ts';
import type { Resolver } from '#server/lib/public-address.ts';
import {
  PROVIDER_FAILURES,
  PROVIDER_URL_ERRORS,
} from '#server/modules/fulfilment/providers-admin.service.ts';
import { countRows, createTestAppWith, ENGINES, type TestApp } from '../support/app.ts';
import { staffMember } from '../support/staff.ts';

/**
 * Provider URLs typed in the staff console never reach the shop's own network (SSRF): refused
 * when added; a row stored before (or a name that resolves to a private address) refused at
 * each call, before any connection; redirects never followed; failures answered generically,
 * their detail kept in the audit. Every connection here is to loopback: names resolve through
 * the test's own resolver, and the guard refuses IP literals before connecting.
 */

/** A listener on loopback that counts the connections it is offered (it must see none). */
async function countingListener() {
  const seen = { connections: 0 };
  const server = net.createServer((socket) => {
    seen.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** `panel.test` resolves to loopback (a rebinding name); any other name fails the test. */
const asked: string[] = [];
const resolve: Resolver = async (host) => {
  asked.push(host);
  if (host === 'panel.test') return [{ address: '127.0.0.1', family: 4 }];
  throw new Error(`unexpected lookup of ${host}`);
};

/** Nothing of the network's own words, nor the port of an internal host, reaches staff. */
function expectNothingInternal(body: unknown, port: number) {
  const text = JSON.stringify(body);
  for (const word of ['ECONNREFUSED', 'EPRIVATEADDRESS', '127.0.0.1', 'HTTP 3', String(port)])
    expect(text).not.toContain(word);
}

describe.each(ENGINES)('provider URLs typed in the staff console on %s', (engine) => {
  let trap: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    trap = await countingListener();
  });
  afterAll(async () => {
    await trap.close();
  });
  beforeEach(() => {
    asked.length = 0;
  });

  async function consoleOf(env: Record<string, string>) {
    const t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env },
      { engine, providerResolve: resolve },
    );
    const admin = await staffMember(t, 'ROLE_ADMIN');
    const as = {
      get: (url: string) => request(t.app).get(`/api/${url}`).set('Cookie', admin.cookie),
      post: (url: string, body?: object) =>
        request(t.app).post(`/api/${url}`).set('Cookie', admin.cookie).send(body),
    };
    const auditOf = async (action: string) =>
      (
        await t.database.db
          .selectFrom('staff_audit')
          .selectAll()
          .where('action', '=', action)
          .orderBy('id')
          .execute()
      ).map((row) => ({ target: row.target, after: JSON.parse(row.after ?? 'null') as unknown }));
    return { t, as, auditOf };
  }

  describe('where private addresses are not allowed (the default)', () => {
    let t: TestApp;
    let as: Awaited<ReturnType<typeof consoleOf>>['as'];
    let auditOf: Awaited<ReturnType<typeof consoleOf>>['auditOf'];
    beforeAll(async () => {
      ({ t, as, auditOf } = await consoleOf({}));
    });
    afterAll(async () => {
      await t.database.close();
    });

    it('refuses a private, loopback or metadata URL when it is added, storing nothing', async () => {
      const providers = await countRows(t.database.db, 'providers');
      const audits = await countRows(t.database.db, 'staff_audit');
      const answered = [];
      for (const url of [
        `http://127.0.0.1:${trap.port}/`,
        `http://localhost:${trap.port}/`,
        `http://[::1]:${trap.port}/`,
        'http://169.254.169.254/',
        'http://10.0.0.1/',
        'http://[fd00:ec2::254]/',
        'https://user:secret@panel.example/api/v2',
      ]) {
        const res = await as.post('staff/providers', {
          id: 'inside',
          url,
          api_key: 'inside-key',
          currency: 'USD',
        });
        answered.push([url, res.status, res.body.errors]);
      }
      const privately = { url: PROVIDER_URL_ERRORS.private };
      expect(answered).toEqual([
        [`http://127.0.0.1:${trap.port}/`, 400, privately],
        [`http://localhost:${trap.port}/`, 400, privately],
        [`http://[::1]:${trap.port}/`, 400, privately],
        ['http://169.254.169.254/', 400, privately],
        ['http://10.0.0.1/', 400, privately],
        ['http://[fd00:ec2::254]/', 400, privately],
        ['https://user:secret@panel.example/api/v2', 400, { url: PROVIDER_URL_ERRORS.credentials }],
      ]);
      expect(await countRows(t.database.db, 'providers')).toBe(providers);
      expect(await countRows(t.database.db, 'staff_audit')).toBe(audits);
      expect(asked).toEqual([]);
      expect(trap.seen.connections).toBe(0);
    });

    it('answers a loopback provider stored before generically, and never connects to it', async () => {
      await t.database.db
        .insertInto('providers')
        .values({
          id: 'legacy',
          url: `http://127.0.0.1:${trap.port}/api/v2`,
          api_key: 'legacy-key',
          currency: 'USD',
          enabled: 1,
        })
        .execute();

      const test = await as.post('staff/providers/legacy/test');
      expect(test.status).toBe(200);
      expect(test.body.data).toEqual({ ok: false, error: PROVIDER_FAILURES.notAllowed });
      expectNothingInternal(test.body, trap.port);
      // the detail is the audit's (admins read it), never the key
      const [audit, ...more] = await auditOf('provider.test');
      expect(more).toEqual([]);
      expect(audit).toEqual({
        target: 'provider:legacy',
        after: { ok: false, error: expect.stringContaining('refused: private target') },
      });
      expect(JSON.stringify(audit)).not.toContain('legacy-key');

      const diff = await as.get('staff/providers/legacy/import');
      expect(diff.status).toBe(502);
      expect(diff.body.message).toBe(
        `The provider’s services list could not be read: ${PROVIDER_FAILURES.notAllowed}`,
      );
      expectNothingInternal(diff.body, trap.port);

      const list = await as.get('staff/providers?balance=1');
      expect(list.status).toBe(200);
      const legacy = list.body.data.find((row: { id: string }) => row.id === 'legacy');
      expect(legacy.balance).toEqual({ ok: false, error: PROVIDER_FAILURES.notAllowed });
      // the built-in simulator, the operator's own, still answers
      const simulator = list.body.data.find((row: { id: string }) => row.id === 'simulator');
      expect(simulator.balance).toMatchObject({ ok: true });
      expectNothingInternal(legacy.balance, trap.port);

      expect(asked).toEqual([]);
      expect(trap.seen.connections).toBe(0);
    });

    it('checks a name again at each call: one that resolves to loopback is never connected to', async () => {
      // a name passes the door (it may resolve elsewhere later): its call is checked
      const added = await as.post('staff/providers', {
        id: 'rebinding',
        url: `http://panel.test:${trap.port}/api/v2`,
        api_key: 'rebinding-key',
        currency: 'USD',
      });
      expect(added.status).toBe(200);
      const test = await as.post('staff/providers/rebinding/test');
      expect(test.body.data).toEqual({ ok: false, error: PROVIDER_FAILURES.notAllowed });
      expectNothingInternal(test.body, trap.port);
      const audit = (await auditOf('provider.test')).at(-1);
      expect(audit).toEqual({
        target: 'provider:rebinding',
        after: { ok: false, error: expect.stringContaining('not a public address') },
      });
      const diff = await as.get('staff/providers/rebinding/import');
      expect(diff.status).toBe(502);
      expectNothingInternal(diff.body, trap.port);
      expect(asked).toEqual(['panel.test', 'panel.test']);
      expect(trap.seen.connections).toBe(0);
    });
  });

  describe('with PROVIDER_ALLOW_PRIVATE=true', () => {
    let t: TestApp;
    let as: Awaited<ReturnType<typeof consoleOf>>['as'];
    let auditOf: Awaited<ReturnType<typeof consoleOf>>['auditOf'];
    let panel: http.Server;
    let base = '';
    const requests: { url: string; body: string }[] = [];

    beforeAll(async () => {
      ({ t, as, auditOf } = await consoleOf({ PROVIDER_ALLOW_PRIVATE: 'true' }));
      // a panel on loopback: one that redirects to the trap, one that refuses the key
      panel = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () => {
          requests.push({ url: req.url ?? '', body });
          if (req.url === '/redirect') {
            res.writeHead(307, { Location: `http://127.0.0.1:${trap.port}/steal` });
            res.end('{"balance":"1.00","currency":"USD"}');
          } else {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"error":"Invalid API key"}');
          }
        });
      });
      await new Promise<void>((done) => panel.listen(0, '127.0.0.1', done));
      base = `http://127.0.0.1:${(panel.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((done) => panel.close(done));
      await t.database.close();
    });
    beforeEach(() => {
      requests.length = 0;
    });

    it('never follows a redirect: the key goes nowhere else, and the call fails generically', async () => {
      await as
        .post('staff/providers', {
          id: 'hop',
          url: `${base}/redirect`,
          api_key: 'hop-key',
          currency: 'USD',
        })
        .expect(200);
      const test = await as.post('staff/providers/hop/test');
      expect(test.body.data).toEqual({ ok: false, error: PROVIDER_FAILURES.unreachable });
      expectNothingInternal(test.body, trap.port);
      const audit = (await auditOf('provider.test')).at(-1);
      expect(audit).toEqual({
        target: 'provider:hop',
        after: { ok: false, error: expect.stringContaining('redirect refused (HTTP 307)') },
      });

      const diff = await as.get('staff/providers/hop/import');
      expect(diff.status).toBe(502);
      expect(diff.body.message).toBe(
        `The provider’s services list could not be read: ${PROVIDER_FAILURES.unreachable}`,
      );
      const list = await as.get('staff/providers?balance=1');
      const hop = list.body.data.find((row: { id: string }) => row.id === 'hop');
      expect(hop.balance).toEqual({ ok: false, error: PROVIDER_FAILURES.unreachable });

      // the panel was asked three times, the key sent to it alone
      expect(
        requests.map((entry) => [entry.url, new URLSearchParams(entry.body).get('key')]),
      ).toEqual([
        ['/redirect', 'hop-key'],
        ['/redirect', 'hop-key'],
        ['/redirect', 'hop-key'],
      ]);
      expect(trap.seen.connections).toBe(0);
    });

    it('says a provider could not be reached, the refused connection only in the audit', async () => {
      const closed = http.createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const { port } = closed.address() as AddressInfo;
      await new Promise((done) => closed.close(done));
      await as
        .post('staff/providers', {
          id: 'down',
          url: `http://127.0.0.1:${port}/api/v2`,
          api_key: 'down-key',
          currency: 'USD',
        })
        .expect(200);
      const test = await as.post('staff/providers/down/test');
      expect(test.body.data).toEqual({ ok: false, error: PROVIDER_FAILURES.unreachable });
      expectNothingInternal(test.body, port);
      const audit = (await auditOf('provider.test')).at(-1);
      expect(audit).toEqual({
        target: 'provider:down',
        after: { ok: false, error: expect.stringContaining('ECONNREFUSED') },
      });
    });

    it('shows a panel’s own refusal as its text', async () => {
      await as
        .post('staff/providers', {
          id: 'strict',
          url: `${base}/api/v2`,
          api_key: 'wrong-key',
          currency: 'USD',
        })
        .expect(200);
      const test = await as.post('staff/providers/strict/test');
      expect(test.body.data).toEqual({ ok: false, error: 'Refused: Invalid API key' });
      expect(requests).toHaveLength(1);
    });
  });

  describe('in production', () => {
    let t: TestApp;
    let as: Awaited<ReturnType<typeof consoleOf>>['as'];
    beforeAll(async () => {
      ({ t, as } = await consoleOf({
        NODE_ENV: 'production',
        ...SAMPLE_OPERATOR_ENV,
        SECRETS_KEY: '7a'.repeat(32),
        PAYMENT_SANDBOX_SECRET: 'ssrf-test-sandbox-secret-0123',
        LOG_LEVEL: 'silent',
      }));
    });
    afterAll(async () => {
      await t.database.close();
    });

    it('takes provider URLs over https only', async () => {
      const refused = await as.post('staff/providers', {
        id: 'plain',
        url: 'http://panel.test/api/v2',
        api_key: 'plain-key',
        currency: 'USD',
      });
      expect([refused.status, refused.body.errors]).toEqual([
        400,
        { url: PROVIDER_URL_ERRORS.https },
      ]);
      const added = await as.post('staff/providers', {
        id: 'secure',
        url: 'https://panel.test/api/v2',
        api_key: 'secure-key',
        currency: 'USD',
      });
      expect(added.status).toBe(200);
      expect(asked).toEqual([]);
    });
  });
});
