/**
 * `npm run bench`: builds for production, starts the server on loopback and measures, in one
 * run, each target at 1, 10 and 50 connections with autocannon, the time to first byte, the
 * ratio of each page to the ceiling (the same bytes as home, sent from memory through the
 * same middleware), the RSS after the load and the cold start; then, on a server with the page
 * cache off, home and a service page rendered for every request and a logged-in cabinet page
 * (docs/performance.md's rows, as % of the same ceiling). Figures go to
 * bench-results/ as JSON so runs can be compared. BENCH_DURATION (s, default 5) sets the
 * length of each measurement.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from '#build/build.ts';
import { loadToolConfig } from '#server/config.ts';
import { THROUGHPUT_TARGETS } from './budgets.ts';
import { freePort, root, rssMb, signUpFor, spawnServer } from './server.ts';

const DURATION = loadToolConfig().benchDuration;
const CONNECTIONS = [1, 10, 50];
const TTFB_SAMPLES = 200;
const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
}

const TARGETS: Target[] = [
  {
    name: 'home ru (person)',
    path: '/',
    headers: { 'user-agent': PERSON, 'accept-language': 'ru' },
  },
  {
    name: 'home en (person)',
    path: '/en/',
    headers: { 'user-agent': PERSON, 'accept-language': 'en' },
  },
  { name: 'home ru (crawler)', path: '/', headers: { 'user-agent': CRAWLER } },
  { name: 'service page', path: '/en/buy-instagram-likes/', headers: { 'user-agent': PERSON } },
  {
    name: 'api prices/tiny',
    path: '/api/prices/tiny?platform=instagram&labels=CLIENT_MAIN+VISIBLE',
    headers: { 'user-agent': PERSON },
  },
  {
    name: 'ceiling',
    path: '/__bench/ceiling/',
    headers: { 'user-agent': PERSON, 'accept-language': 'ru' },
  },
];

function get(
  port: number,
  target: Pick<Target, 'path' | 'headers'>,
): Promise<{ status: number; body: Buffer; ttfbMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = -1;
    const request = http.get(
      { host: '127.0.0.1', port, path: target.path, headers: target.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (ttfbMs < 0) ttfbMs = performance.now() - started;
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ttfbMs }),
        );
      },
    );
    request.on('error', reject);
  });
}

async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; coldStartMs: number }> {
  const started = performance.now();
  const child = await spawnServer(port, env);
  for (;;) {
    try {
      const { status } = await get(port, {
        path: '/',
        headers: { 'user-agent': PERSON, 'accept-language': 'ru' },
      });
      if (status === 200) return { child, coldStartMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > 20_000) throw new Error('server did not answer within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** TTFB samples and autocannon at 1, 10 and 50 connections for each target, into `results`. */
async function measure(
  port: number,
  targets: Target[],
  results: Record<string, Record<string, unknown>>,
): Promise<void> {
  for (const target of targets) {
    const ttfb: number[] = [];
    for (let i = 0; i < TTFB_SAMPLES; i++) ttfb.push((await get(port, target)).ttfbMs);
    results[target.name] = {
      ttfbP50Ms: round(percentile(ttfb, 50)),
      ttfbP99Ms: round(percentile(ttfb, 99)),
    };
    for (const connections of CONNECTIONS) {
      const run = await autocannon({
        url: `http://127.0.0.1:${port}${target.path}`,
        headers: target.headers,
        connections,
        duration: DURATION,
      });
      results[target.name]![`c${connections}`] = {
        reqPerSec: Math.round(run.requests.average),
        p50Ms: run.latency.p50,
        p99Ms: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors,
      };
      console.warn(
        `bench: ${target.name} @${connections}: ${Math.round(run.requests.average)} req/s, p99 ${run.latency.p99} ms`,
      );
    }
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main() {
  console.warn('bench: building for production…');
  await build();
  const port = await freePort();
  const ceilingFile = path.join(os.tmpdir(), `bench-ceiling-${port}.html`);
  // cold start: a fresh process until home answers 200
  const first = await startServer(port, {});
  first.child.kill('SIGTERM');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const { child, coldStartMs } = await startServer(port, { BENCH_CEILING_FILE: ceilingFile });
  const home = await get(port, TARGETS[0]!);
  await writeFile(ceilingFile, home.body);

  const available: Target[] = [];
  for (const target of TARGETS) {
    const { status } = await get(port, target);
    if (status === 200) available.push(target);
    else console.warn(`bench: skipping ${target.name}: ${target.path} answers ${status}`);
  }

  const results: Record<string, Record<string, unknown>> = {};
  await measure(port, available, results);
  const rss = await rssMb(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));

  // what the page cache cannot help with: pages rendered for every request
  const rendered = await startServer(port, {
    PAGE_CACHE_MAX_ENTRIES: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
  });
  const token = await signUpFor(port);
  await measure(
    port,
    [
      { ...TARGETS[0]!, name: 'home rendered (cache off)' },
      { ...TARGETS[3]!, name: 'service page rendered (cache off)' },
      {
        name: 'cabinet page (logged in)',
        path: '/en/cp/orders/',
        headers: { 'user-agent': PERSON, cookie: `auth=${token}` },
      },
    ],
    results,
  );
  rendered.child.kill('SIGTERM');

  const ceiling = results.ceiling;
  const table = Object.entries(results).map(([name, figures]) => {
    const at = (c: number) =>
      figures[`c${c}`] as { reqPerSec: number; p50Ms: number; p99Ms: number };
    const ratio = (c: number) =>
      ceiling
        ? `${Math.round((at(c).reqPerSec / (ceiling[`c${c}`] as { reqPerSec: number }).reqPerSec) * 100)} %`
        : 'n/a';
    return {
      target: name,
      'req/s @1': at(1).reqPerSec,
      'req/s @10': at(10).reqPerSec,
      'req/s @50': at(50).reqPerSec,
      'of ceiling @10': ratio(10),
      'p50 ms @10': at(10).p50Ms,
      'p99 ms @50': at(50).p99Ms,
      'TTFB p50 ms': figures.ttfbP50Ms,
    };
  });
  console.table(table);
  console.log(
    `RSS after load: ${rss} MB (target ≤ ${THROUGHPUT_TARGETS.rssMb}); cold start: ${Math.round(coldStartMs)} ms (target ≤ ${THROUGHPUT_TARGETS.coldStartMs})`,
  );
  console.log(
    `targets: home ≥ ${THROUGHPUT_TARGETS.homeShareOfCeilingAt10 * 100} % of ceiling @10, p99 < ${THROUGHPUT_TARGETS.p99At50Ms} ms @50, TTFB p50 < ${THROUGHPUT_TARGETS.ttfbP50Ms} ms`,
  );

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    durationSeconds: DURATION,
    coldStartMs: Math.round(coldStartMs),
    rssMb: rss,
    results,
  };
  const dir = path.join(root, 'bench-results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `bench-${report.at.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(dir, 'bench-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`figures written to ${path.relative(root, file)}`);
}

const round = (n: number) => Math.round(n * 100) / 100;

await main();
