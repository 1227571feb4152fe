import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { labelCodeBlocks } from '#client/pages/cabinet/api/code-blocks.ts';
import {
  createGuideService,
  type GuideFacts,
  type GuideServiceFacts,
} from '#server/modules/content/guide.service.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { defaultCurrency } from '#shared/regions.ts';
import { createTestApp, createTestAppWith, ENGINES, signUp, type TestApp } from '../support/app.ts';
import { testWorker } from '../support/worker.ts';

/**
 * The reseller API guide of /cp/api/: every action with a request and an answer,
 * examples in curl, PHP and Python, in 7 languages, code identical in each.
 */
const ACTIONS = ['services', 'add', 'status', 'refill', 'refill_status', 'cancel', 'balance'];
/** The code of a guide's blocks without its comments (they may be translated). */
const codeOf = (text: string) =>
  [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)]
    .map((match) => {
      const code = match[2]!
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)(#|\/\/).*$/gm, '$1')
        .replace(/\s+/g, ' ');
      return `${match[1]}:${code}`;
    })
    .join('\n');

describe('the reseller API guide', () => {
  it.each(LOCALES.map((lang) => [lang] as const))(
    'exists in %s with every action and the same code',
    (lang) => {
      const text = readFileSync(`content/api-guide/${lang}.md`, 'utf8');
      for (const action of ACTIONS) expect(text).toMatch(new RegExp(`^### .*\`?${action}\`?`, 'm'));
      for (const language of ['sh', 'php', 'python', 'json'])
        expect(text).toContain(`\`\`\`${language}`);
      // no level-1 heading (code comments aside)
      expect(text.replace(/```[\s\S]*?```/g, '')).not.toMatch(/^# /m);
      // code stays code: the same blocks as the English guide (comments aside)
      expect(codeOf(text)).toBe(codeOf(readFileSync('content/api-guide/en.md', 'utf8')));
    },
  );

  it('is served rendered, with its contents, and refuses an unknown language', async () => {
    const app = await createTestApp();
    const res = await request(app).get('/api/content/api-guide?lang=en').expect(200);
    expect(res.body.data.html).toContain('<pre><code class="language-php">');
    expect(res.body.data.toc.length).toBeGreaterThanOrEqual(5);
    expect(res.body.data.fallback).toBe(false);
    await request(app).get('/api/content/api-guide?lang=fr').expect(400);
  });

  it.each(LOCALES.map((lang) => [lang] as const))(
    'has every code block of %s made a named region a keyboard can scroll, on /cp/api/',
    async (lang) => {
      const app = await createTestApp();
      const res = await request(app).get(`/api/content/api-guide?lang=${lang}`).expect(200);
      const html: string = res.body.data.html;
      const blocks = html.match(/<pre\b/g) ?? [];
      expect(blocks.length).toBeGreaterThan(20);
      // as the page renders it (client/pages/cabinet/api/api-guide.tsx)
      const names: string[] = [];
      const labelled = labelCodeBlocks(html, ({ language, section, n }) => {
        names.push(`${language}|${section}|${n}`);
        return `Code: ${language}, ${section}, ${n}`;
      });
      expect(
        labelled.match(/<pre tabindex="0" role="region" aria-label="Code: [^"]+">/g),
      ).toHaveLength(blocks.length);
      // no two regions share a name, and every shell example is named curl
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((name) => name.startsWith('shell|'))).toEqual([]);
    },
  );

  it('stands in English where a language has none', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guide-'));
    writeFileSync(path.join(dir, 'en.md'), '## Start\n\nHello');
    const guide = createGuideService({ dir, facts: facts() });
    expect(await guide.guide('de')).toMatchObject({ lang: 'en', fallback: true });
    expect(await guide.guide('en')).toMatchObject({
      lang: 'en',
      fallback: false,
      toc: [{ id: 'start', text: 'Start' }],
    });
  });

  it('fills its examples with the shop’s address and services, escaped, kept a minute', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guide-'));
    writeFileSync(
      path.join(dir, 'en.md'),
      [
        'Send to `{{api_url}}`.',
        '',
        '```sh',
        'curl -s {{api_url}} -d service={{service.tiktok_likes.id}} -d expiry={{expiry}}',
        '```',
        '',
        '```json',
        '{"name": "{{service.tiktok_likes.name}}", "max": "{{service.tiktok_likes.max}}", "x": "{{service.nothing.id}}"}',
        '```',
      ].join('\n'),
    );
    let asked = 0;
    let clock = Date.UTC(2026, 10, 28);
    const guide = createGuideService({
      dir,
      facts: facts(() => {
        asked += 1;
        return { TIKTOK_LIKES: { ...LIKES, service: 12 + asked, name: 'TikTok "likes" <b>' } };
      }),
      now: () => new Date(clock),
    });
    const html = (await guide.guide('en'))!.html;
    expect(html).toContain('Send to <code>https://shop.example/api/v2</code>.');
    expect(html).toContain(
      'curl -s https://shop.example/api/v2 -d service=13 -d expiry=31/12/2027',
    );
    // inside a JSON string, in HTML; an unknown service stays a placeholder
    expect(html).toContain('"name": "TikTok \\&#34;likes\\&#34; &#60;b&#62;"');
    expect(html).toContain('{{service.nothing.id}}');
    await guide.guide('en');
    expect(asked).toBe(1);
    clock += 61_000;
    expect((await guide.guide('en'))!.html).toContain('-d service=14 -d expiry=31/12/2027');
  });
});

/** Placeholder facts: one service, as `services` would list it. */
const LIKES: GuideServiceFacts = {
  service: 12,
  name: 'TikTok likes',
  type: 'Default',
  category: 'tiktok',
  rate: '1.00',
  min: '100',
  max: '40000',
  refill: true,
  cancel: true,
  dripfeed: true,
};
function facts(
  services: () => Record<string, GuideServiceFacts> = () => ({ TIKTOK_LIKES: LIKES }),
): GuideFacts {
  return {
    apiUrl: 'https://shop.example/api/v2',
    services: async () => new Map(Object.entries(services())),
  };
}

/* ------------------------------------------------------------------ the examples, pasted */

const MINUTE = 60_000;
const API_URL = 'https://shop.test/api/v2';

/** HTML's escapes in a rendered code block, undone: the text a reader copies. */
const unescapeHtml = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The code blocks of a rendered guide in one language (`sh`, `json`, `php`, `python`). */
const blocksOf = (html: string, language: string) =>
  [
    ...html.matchAll(
      new RegExp(`<pre><code class="language-${language}">([\\s\\S]*?)</code></pre>`, 'g'),
    ),
  ].map((match) => unescapeHtml(match[1]!));

/** A shell command's words: lines joined at `\`, quotes taken off (what bash hands curl). */
function shellWords(command: string): string[] {
  const text = command.replace(/\\\n/g, ' ');
  const words: string[] = [];
  for (const match of text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g))
    words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

interface CurlRequest {
  url: string;
  headers: Record<string, string>;
  /** `-d` values, sent as they are and joined by `&` */
  data: string[];
  /** `--data-urlencode` name=value pairs */
  encoded: [string, string][];
}

/** A guide's `curl` example as curl would send it. */
function curlOf(command: string): CurlRequest {
  const words = shellWords(command.trim());
  expect(words.slice(0, 2)).toEqual(['curl', '-s']);
  const request: CurlRequest = { url: '', headers: {}, data: [], encoded: [] };
  for (let index = 2; index < words.length; index += 1) {
    const word = words[index]!;
    if (word === '-d') request.data.push(words[++index]!);
    else if (word === '--data-urlencode') {
      const pair = words[++index]!;
      request.encoded.push([pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
    } else if (word === '-H') {
      const header = words[++index]!;
      request.headers[header.slice(0, header.indexOf(':'))] = header
        .slice(header.indexOf(':') + 1)
        .trim();
    } else if (/^https?:/.test(word)) request.url = word;
    else throw new Error(`an option the test does not read: ${word}`);
  }
  return request;
}

/** The example's form fields (or JSON), for reading which action it is and which ids it names. */
function fieldsOf(example: CurlRequest): Record<string, string> {
  if (example.headers['Content-Type'] === 'application/json')
    return JSON.parse(example.data.join('&'));
  return Object.fromEntries([
    ...example.data.map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
    ...example.encoded,
  ]);
}

describe.each(ENGINES)('the API guide’s examples, pasted into /api/v2 on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SIMULATOR_START_DELAY_MS: '0', SIMULATOR_SPEED: '60' },
      { engine },
    );
  });
  afterAll(() => t.database.close());

  /** A reseller reading the guide in `lang`, in its usual currency, with money on the balance. */
  async function readerOf(lang: Locale) {
    const account = await signUp(t.app, { lang, cur: defaultCurrency(lang) });
    await t.database.db
      .updateTable('users')
      .set({ balance: 10_000_000 })
      .where('id', '=', account.user.id)
      .execute();
    const auth = `Bearer ${account.token}`;
    const key: string = (await request(t.app).post('/api/user/api-key').set('Authorization', auth))
      .body.data.key;
    return { key, auth };
  }

  /** Sends an example as curl would, the key in place of YOUR_API_KEY. */
  function send(example: CurlRequest, key: string) {
    expect(example.url).toBe(API_URL);
    const call = request(t.app).post(new URL(example.url).pathname);
    for (const [name, value] of Object.entries(example.headers)) call.set(name, value);
    const withKey = (text: string) => text.replaceAll('YOUR_API_KEY', key);
    if (example.headers['Content-Type'] === 'application/json')
      return call.send(withKey(example.data.join('&')));
    const body = [
      ...example.data.map(withKey),
      ...example.encoded.map(([name, value]) => `${name}=${encodeURIComponent(withKey(value))}`),
    ].join('&');
    return call.type('form').send(body);
  }

  /** An answer the API accepted: HTTP 200 and no `error` (one ID of several may have its own). */
  const accepted = (res: request.Response, what: string) => {
    expect({ what, status: res.status, error: res.body?.error }).toEqual({
      what,
      status: 200,
      error: undefined,
    });
  };

  it.each(LOCALES.map((lang) => [lang] as const))(
    'in %s: every request works as it stands with a real key; orders are placed',
    async (lang) => {
      const guide = await request(t.app).get(`/api/content/api-guide?lang=${lang}`).expect(200);
      const html: string = guide.body.data.html;
      expect(guide.body.data.fallback).toBe(false);
      expect(html).not.toMatch(/\{\{|YOUR-SITE/);
      const { key } = await readerOf(lang);

      // the services example is this shop's `services` entry of that service, as the reader gets it
      const services = await send(
        curlOf(`curl -s ${API_URL} -d key=YOUR_API_KEY -d action=services`),
        key,
      );
      const [shown] = JSON.parse(blocksOf(html, 'json')[0]!);
      // the example shows the protocol's standard fields; the answer adds the service's figures
      const standard = (entry: Record<string, unknown>) =>
        Object.fromEntries(Object.keys(shown).map((name) => [name, entry[name]]));
      expect(services.body.map(standard)).toContainEqual(shown);
      expect(shown.name).toBe(
        services.body.find((entry: { service: number }) => entry.service === shown.service).name,
      );

      const examples = blocksOf(html, 'sh').map(curlOf);
      expect(examples.length).toBeGreaterThanOrEqual(15);
      // the IDs of a reader's own orders and refills: the examples' stand for those placed here
      const ofOrders = ['status', 'refill', 'refill_status', 'cancel'];
      const placed: number[] = [];
      for (const example of examples.filter((e) => !ofOrders.includes(fieldsOf(e).action!))) {
        const res = await send(example, key);
        accepted(res, `${lang} ${JSON.stringify(fieldsOf(example))}`);
        if (fieldsOf(example).action === 'add') {
          expect(res.body).toEqual({ order: expect.any(Number) });
          placed.push(res.body.order);
        }
      }
      expect(placed.length).toBeGreaterThanOrEqual(4);

      // the full clients: this shop's address, and their order is one `add` takes
      for (const code of [...blocksOf(html, 'php'), ...blocksOf(html, 'python')]) {
        const url = /API_URL = '([^']+)'|API_URL = "([^"]+)"/.exec(code);
        if (!url) continue;
        expect(url[1] ?? url[2]).toBe(API_URL);
        const [, service, link, quantity] = /add_?[oO]rder\((\d+), ['"]([^'"]+)['"], (\d+)\)/.exec(
          code,
        )!;
        const res = await send(
          {
            url: API_URL,
            headers: {},
            data: ['key=YOUR_API_KEY', 'action=add', `service=${service}`, `quantity=${quantity}`],
            encoded: [['link', link!]],
          },
          key,
        );
        accepted(res, `${lang} the full client's add`);
        expect(res.body.order).toEqual(expect.any(Number));
      }

      // the first order runs to its end, so that it can be refilled
      await testWorker(t, 0).submitDue();
      for (const upstream of t.services.simulator.orders.values())
        upstream.createdAt = Date.now() - 24 * 60 * MINUTE;
      await testWorker(t, 2 * MINUTE).syncRunning();
      const [first] = placed;
      const refills: number[] = [];
      for (const example of examples.filter((e) => ofOrders.includes(fieldsOf(e).action!))) {
        // 23501 is the reader's order, 7 their refill; 9 and 8 stay IDs of no order of theirs
        const ids = (text: string) =>
          text
            .replace(/^(orders?=)23501\b/, `$1${first}`)
            .replace(/^(refills?=)7\b/, `$1${refills[0] ?? 7}`);
        const own = { ...example, data: example.data.map(ids) };
        const res = await send(own, key);
        accepted(res, `${lang} ${JSON.stringify(fieldsOf(own))}`);
        if (fieldsOf(own).action === 'refill' && typeof res.body.refill === 'number')
          refills.push(res.body.refill);
      }
      expect(refills).toHaveLength(1);
    },
  );
});
