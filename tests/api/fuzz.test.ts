import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as fc from 'fast-check';
import request from 'supertest';
import * as articlesSchemas from '#shared/schemas/articles.schemas.ts';
import * as authSchemas from '#shared/schemas/auth.schemas.ts';
import * as cabinetSchemas from '#shared/schemas/cabinet.schemas.ts';
import * as catalogSchemas from '#shared/schemas/catalog.schemas.ts';
import * as ledgerSchemas from '#shared/schemas/ledger.schemas.ts';
import * as massOrdersSchemas from '#shared/schemas/mass-orders.schemas.ts';
import * as ordersSchemas from '#shared/schemas/orders.schemas.ts';
import * as profileSchemas from '#shared/schemas/profile.schemas.ts';
import * as staffCatalogueSchemas from '#shared/schemas/staff-catalogue.schemas.ts';
import * as staffContentSchemas from '#shared/schemas/staff-content.schemas.ts';
import * as staffMoneySchemas from '#shared/schemas/staff-money.schemas.ts';
import { countRows, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';

/**
 * every API call, driven with what an attacker sends (wrong types, huge strings,
 * nested objects, control characters, prototype keys, bad JSON, wrong content types and
 * encodings), with and without a token, answers below 500, and a refused request writes
 * nothing. Keys come from the shared schemas, so the fields every call reads are hit.
 * CI runs a fixed seed and a bounded count; `npm run fuzz` runs longer (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2 ** 31
    : Number(process.env.FUZZ_SEED ?? 20261124);

/** Every call of the routers, read from their source, so a new route is fuzzed too. */
function apiCalls(): { method: string; path: string }[] {
  const calls: { method: string; path: string }[] = [];
  const dir = 'server/modules';
  for (const module of readdirSync(dir))
    for (const file of readdirSync(path.join(dir, module)).filter((name) =>
      name.endsWith('.routes.ts'),
    )) {
      const source = readFileSync(path.join(dir, module, file), 'utf8');
      for (const match of source.matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)) {
        const [, method, route] = match as unknown as [string, string, string];
        const root = route === '/robots.txt' || route.startsWith('/sitemap');
        const prefix = file === 'panel-api.routes.ts' ? '/api/v2' : root ? '' : '/api';
        calls.push({ method, path: `${prefix}${route === '/' ? '' : route}` });
      }
    }
  calls.push({ method: 'post', path: '/sandbox/checkout/:ref/' });
  return calls;
}

/** Every field name the shared schemas know (bodies and queries). */
function schemaKeys(): string[] {
  const keys = new Set<string>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object') return;
    const properties = (schema as { properties?: Record<string, unknown> }).properties;
    if (properties)
      for (const [key, value] of Object.entries(properties)) {
        keys.add(key);
        walk(value);
      }
  };
  for (const module of [
    articlesSchemas,
    authSchemas,
    cabinetSchemas,
    catalogSchemas,
    ledgerSchemas,
    massOrdersSchemas,
    ordersSchemas,
    profileSchemas,
    staffCatalogueSchemas,
    staffContentSchemas,
    staffMoneySchemas,
  ])
    for (const value of Object.values(module)) walk(value);
  // the reseller API's fields and the sandbox's
  for (const key of ['key', 'action', 'service', 'link', 'quantity', 'order', 'orders', 'refill'])
    keys.add(key);
  keys.add('outcome');
  return [...keys];
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const NASTY_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '9'.repeat(400),
  'x'.repeat(20_000),
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '\ud800',
  '𝕏😀',
  'null',
  '[]',
  '{}',
  ...PROTO_KEYS,
];

const scalar = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e21),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('object')),
  list: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string()), tie('any'), {
    maxKeys: 4,
  }),
})).any;

type Encoding = 'json' | 'bad-json' | 'form' | 'text' | 'gzip-lie' | 'none';

interface FuzzCase {
  call: number;
  param: string;
  query: Record<string, string | string[]>;
  body: Record<string, unknown> | unknown;
  encoding: Encoding;
  auth: 'none' | 'bearer' | 'bad-bearer' | 'cookie';
}

const TABLES = [
  'users',
  'orders',
  'payments',
  'transactions',
  'withdrawals',
  'api_keys',
  'webhook_endpoints',
  'webhook_deliveries',
  'notifications',
  'order_intake',
  'order_refills',
  'social_identities',
  'password_resets',
  'account_deletion_requests',
] as const;

describe.each(ENGINES)('fuzzing every API call on %s', (engine) => {
  let t: TestApp;
  let token = '';
  const calls = apiCalls();
  const keys = schemaKeys();
  beforeAll(async () => {
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '0', RESELLER_RATE_LIMIT_PER_MINUTE: '0' },
      { engine },
    );
    const user = await signUp(t.app, { cur: 'USD', lang: 'en' });
    token = user.token;
    await t.database.db
      .updateTable('users')
      .set({ balance: 100_000 })
      .where('id', '=', user.user.id)
      .execute();
  });
  afterAll(() => t.database.close());

  const counts = () => Promise.all(TABLES.map((table) => countRows(t.database.db, table)));

  /** Sends one case; answers the status (and what it says, for a failure's report). */
  async function send(one: FuzzCase) {
    const call = calls[one.call % calls.length]!;
    // these end the session a later case would need: fuzzed without a token
    const endsSession = /logout|user\/delete|user\/password|api-key|set_password/.test(call.path);
    const auth = endsSession && one.auth !== 'bad-bearer' ? 'none' : one.auth;
    const url = call.path.replace(/:(\w+)/g, () => pathSegment(one.param));
    let req = (request(t.app) as unknown as Record<string, (url: string) => request.Test>)[
      call.method
    ]!(url).query(one.query as Record<string, string>);
    if (auth === 'bearer') req = req.set('Authorization', `Bearer ${token}`);
    if (auth === 'bad-bearer') req = req.set('Authorization', `Bearer ${one.param}`.slice(0, 300));
    if (auth === 'cookie')
      req = req.set('Cookie', `auth=${token}`).set('Origin', 'https://shop.test');
    if (call.method !== 'get') {
      const json = JSON.stringify(one.body) ?? 'null';
      if (one.encoding === 'json') req = req.set('Content-Type', 'application/json').send(json);
      if (one.encoding === 'bad-json')
        req = req.set('Content-Type', 'application/json').send(json.slice(0, -1) || '{');
      if (one.encoding === 'form')
        req = req
          .set('Content-Type', 'application/x-www-form-urlencoded')
          .send(new URLSearchParams(flatten(one.body)).toString());
      if (one.encoding === 'text') req = req.set('Content-Type', 'text/plain').send(json);
      if (one.encoding === 'gzip-lie')
        req = req
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', 'gzip')
          .send(json.length % 2 ? json : gzipSync(json).subarray(0, 12));
    }
    const name = `${call.method.toUpperCase()} ${call.path}`;
    try {
      const res = await req.redirects(0);
      return { status: res.status, call: name, body: res.text };
    } catch (error) {
      // what no HTTP client can send (a control character in a header) never reaches us
      if ((error as { code?: string }).code === 'ERR_INVALID_CHAR')
        return { status: 0, call: name, body: '' };
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }

  const fuzzCase = fc.record({
    call: fc.nat(),
    param: fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 30 })),
    query: fc.dictionary(
      fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), fc.string({ maxLength: 10 })),
      fc.oneof(
        fc.constantFrom(...NASTY_STRINGS),
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      ),
      { maxKeys: 4 },
    ),
    body: fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), fc.string()), value, {
        maxKeys: 8,
      }),
      value,
    ),
    encoding: fc.constantFrom<Encoding>(
      'json',
      'json',
      'json',
      'bad-json',
      'form',
      'text',
      'gzip-lie',
      'none',
    ),
    auth: fc.constantFrom<FuzzCase['auth']>('none', 'bearer', 'bearer', 'bad-bearer', 'cookie'),
  });

  it('answers every call below 500 with every kind of bad input, and a refusal writes nothing', async () => {
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(fuzzCase, async (one) => {
          const before = await counts();
          const { status, call, body } = await send(one);
          if (status >= 500) failures.push(`${status} ${call}: ${body.slice(0, 200)}`);
          if (status >= 400) {
            const after = await counts();
            const changed = TABLES.filter((_, index) => after[index] !== before[index]);
            if (changed.length) failures.push(`${status} ${call} wrote to ${changed.join(', ')}`);
          }
          return failures.length === 0;
        }),
        {
          seed: SEED,
          numRuns: engine === 'postgres' ? Math.ceil(RUNS / 2) : RUNS,
          endOnFailure: true,
        },
      )
      .catch((error: Error) => {
        const cause = (error as { cause?: unknown }).cause;
        throw new Error(
          `seed ${SEED}\n${failures.join('\n')}\n${error.message.slice(0, 1500)}\n${cause}`,
        );
      });
  }, 240_000);

  it('sends the same nasty input to every call, so none is left out', async () => {
    const failures: string[] = [];
    const nasty: FuzzCase[] = [
      {
        call: 0,
        param: '\u0000',
        query: { __proto__x: '1' },
        body: { __proto__: { admin: true } },
        encoding: 'json',
        auth: 'bearer',
      },
      {
        call: 0,
        param: 'constructor',
        query: { constructor: 'x' },
        body: 'x'.repeat(200_000),
        encoding: 'json',
        auth: 'none',
      },
      {
        call: 0,
        param: '%E0%A4%A',
        query: {},
        body: { a: { b: { c: [1, [2, [3]]] } } },
        encoding: 'bad-json',
        auth: 'cookie',
      },
      {
        call: 0,
        param: 'x'.repeat(3000),
        query: { lang: ['en', 'de'] },
        body: [1, 2],
        encoding: 'form',
        auth: 'bearer',
      },
      {
        call: 0,
        param: '__proto__',
        query: {},
        body: {},
        encoding: 'gzip-lie',
        auth: 'bad-bearer',
      },
      { call: 0, param: '1', query: {}, body: null, encoding: 'text', auth: 'bearer' },
    ];
    for (let call = 0; call < calls.length; call++)
      for (const one of nasty) {
        const { status, call: name, body } = await send({ ...one, call });
        if (status >= 500) failures.push(`${status} ${name}: ${body.slice(0, 200)}`);
      }
    expect(failures).toEqual([]);
  }, 240_000);
});

/** A body as form fields (nested values as JSON text, the way a careless client sends them). */
function flatten(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { value: JSON.stringify(body) ?? '' };
  return Object.fromEntries(
    Object.entries(body).map(([key, item]) => [
      key,
      typeof item === 'string' ? item : (JSON.stringify(item) ?? ''),
    ]),
  );
}

/** A path parameter as sent: percent-encoded, a lone surrogate as the bytes no UTF-8 has. */
function pathSegment(param: string): string {
  try {
    return encodeURIComponent(param);
  } catch {
    return '%ED%A0%80';
  }
}
