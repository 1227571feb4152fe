/**
 * `npm run load`: the production server under a mixed load with autocannon: home,
 * a service page, the prices call and a logged-in cabinet page, LOAD_CONNECTIONS (50) for
 * LOAD_DURATION seconds (60). Reports requests, errors (failed and non-2xx answers), p50 and
 * p99. With SOAK_MINUTES (e.g. 5) it then keeps the load on and samples the RSS every 30 s,
 * reporting its growth from the first sample to the last. Figures go to bench-results/load.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from '#build/build.ts';
import { loadToolConfig } from '#server/config.ts';
import { freePort, root, rssMb, signUpFor, spawnServer, untilReady } from './server.ts';

const {
  loadDuration: DURATION,
  loadConnections: CONNECTIONS,
  soakMinutes: SOAK_MINUTES,
} = loadToolConfig();
const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

async function main() {
  console.warn('load: building for production…');
  await build();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await spawnServer(port, { AUTH_RATE_LIMIT_PER_MINUTE: '0' });
  try {
    await untilReady(port);
    const token = await signUpFor(port, 'load');
    const person = { 'user-agent': PERSON };
    const requests = [
      { method: 'GET' as const, path: '/en/', headers: person },
      { method: 'GET' as const, path: '/en/buy-instagram-likes/', headers: person },
      {
        method: 'GET' as const,
        path: '/api/prices/tiny?platform=instagram&labels=CLIENT_MAIN+VISIBLE',
        headers: person,
      },
      {
        method: 'GET' as const,
        path: '/en/cp/orders/',
        headers: { ...person, cookie: `auth=${token}` },
      },
    ];
    for (const request of requests) {
      const res = await fetch(`${base}${request.path}`, { headers: request.headers });
      if (res.status !== 200) throw new Error(`${request.path} answers ${res.status}`);
    }
    const run = (seconds: number) =>
      autocannon({ url: base, connections: CONNECTIONS, duration: seconds, requests });
    const load = await run(DURATION);
    const summary = {
      connections: CONNECTIONS,
      durationS: DURATION,
      requests: load.requests.total,
      reqPerS: Math.round(load.requests.average),
      errors: load.errors + load.timeouts + load.non2xx,
      p50Ms: load.latency.p50,
      p99Ms: load.latency.p99,
      rssMb: await rssMb(child.pid!),
    };
    console.warn(
      `load: ${summary.requests} requests, ${summary.reqPerS} req/s, ${summary.errors} errors, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, RSS ${summary.rssMb} MB`,
    );
    const soak: { minute: number; rssMb: number; errors: number; p99Ms: number }[] = [];
    for (let half = 1; half <= SOAK_MINUTES * 2; half++) {
      const part = await run(30);
      soak.push({
        minute: half / 2,
        rssMb: await rssMb(child.pid!),
        errors: part.errors + part.timeouts + part.non2xx,
        p99Ms: part.latency.p99,
      });
      console.warn(
        `soak: ${half / 2} min, RSS ${soak.at(-1)!.rssMb} MB, p99 ${part.latency.p99} ms`,
      );
    }
    const growth = soak.length > 1 ? soak.at(-1)!.rssMb - soak[0]!.rssMb : null;
    if (growth !== null) console.warn(`soak: RSS ${soak[0]!.rssMb} → ${soak.at(-1)!.rssMb} MB`);
    await mkdir(path.join(root, 'bench-results'), { recursive: true });
    await writeFile(
      path.join(root, 'bench-results', 'load.json'),
      `${JSON.stringify({ at: new Date().toISOString(), load: summary, soak, rssGrowthMb: growth }, null, 2)}\n`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
