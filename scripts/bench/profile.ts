/**
 * `npm run profile -- [home|service|cabinet]`: where a rendered page's CPU goes.
 * Runs the production build (built first when dist/ is missing) with the page cache off under
 * `node --cpu-prof`, loads the page with autocannon (PROFILE_CONNECTIONS, default 10, for
 * PROFILE_DURATION seconds, default 10), stops the server and prints the self time by origin
 * (React, react-router, formatjs, express, our code, GC, …) and the 25 hottest functions.
 * The raw .cpuprofile (open it in Chrome's DevTools) is kept in bench-results/profiles/.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from '#build/build.ts';
import { loadToolConfig } from '#server/config.ts';
import { freePort, root, signUpFor, spawnServer, untilReady } from './server.ts';

const {
  profileDuration: DURATION,
  profileConnections: CONNECTIONS,
  profileKeep,
} = loadToolConfig();
const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const PAGES: Record<string, string> = {
  home: '/en/',
  service: '/en/buy-instagram-likes/',
  cabinet: '/en/cp/orders/',
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The server bundle's source map: bundled frames are named by the file they came from. */
async function sourceOf(): Promise<(frame: ProfileNode['callFrame']) => string> {
  const bundle = path.join(root, 'dist/server/main.js');
  const map = new SourceMap(JSON.parse(await readFile(`${bundle}.map`, 'utf8')));
  return (frame) => {
    if (!frame.url.endsWith('/dist/server/main.js')) return frame.url;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
    return 'originalSource' in entry ? entry.originalSource : frame.url;
  };
}

/** Which part of the stack a frame belongs to, from the file it came from. */
function originOf(functionName: string, url: string): string {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(program)' || functionName === '(idle)') return functionName;
  const packages: [RegExp, string][] = [
    [/react-dom/, 'react-dom'],
    [/react-router/, 'react-router'],
    [/@formatjs|intl-messageformat|react-intl/, 'formatjs'],
    [/express|router\/|body-parser|finalhandler|send\//, 'express'],
    [/compression|zlib/, 'compression'],
    [/pino/, 'pino'],
    [/kysely|better-sqlite|node:sqlite/, 'database'],
    [/@reduxjs|redux|immer/, 'redux'],
  ];
  for (const [pattern, name] of packages) if (pattern.test(url)) return name;
  if (url.startsWith('node:')) return 'node';
  if (/\/(server|client|shared)\//.test(url) && !url.includes('node_modules')) return 'ours';
  return url ? 'other' : 'native';
}

async function main() {
  const page = process.argv[2] ?? 'home';
  const target = PAGES[page];
  if (!target) throw new Error(`unknown page ${page}: one of ${Object.keys(PAGES).join(', ')}`);
  if (!existsSync(path.join(root, 'dist/server/main.js'))) await build();
  const dir = path.join(root, 'bench-results/profiles', `${page}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const child = await spawnServer(
    port,
    { PAGE_CACHE_MAX_ENTRIES: '0', AUTH_RATE_LIMIT_PER_MINUTE: '0' },
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  );
  try {
    await untilReady(port);
    const headers: Record<string, string> = { 'user-agent': PERSON };
    if (page === 'cabinet') headers.cookie = `auth=${await signUpFor(port, 'profile')}`;
    const url = `http://127.0.0.1:${port}${target}`;
    // warm up, so the profile shows the steady state rather than first-call compilation
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    const run = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
    console.log(
      `${page}: ${Math.round(run.requests.average)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms (${CONNECTIONS} connections, cache off)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  for (const [index, id] of profile.samples.entries())
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  const busy = [...selfUs].reduce((sum, [id, us]) => {
    const name = byId.get(id)?.callFrame.functionName;
    return name === '(idle)' ? sum : sum + us;
  }, 0);
  const source = await sourceOf();
  const origins = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const url = source(frame);
    const origin = originOf(frame.functionName, url);
    origins.set(origin, (origins.get(origin) ?? 0) + us);
    const key = `${frame.functionName || '(anonymous)'} ${path.basename(url)} [${origin}]`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\nself time by origin (busy ${(busy / 1e6).toFixed(1)} s):`);
  for (const [origin, us] of [...origins].sort((a, b) => b[1] - a[1]))
    console.log(`${share(us)}  ${origin}`);
  console.log('\nhottest functions (self time):');
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${share(us)}  ${name}`);
  console.log(`\nprofile: ${path.relative(root, path.join(dir, file))}`);
  if (!profileKeep) await rm(dir, { recursive: true });
}

await main();
