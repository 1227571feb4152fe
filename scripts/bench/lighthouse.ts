/**
 * `npm run bench:lighthouse`: Lighthouse (npm) driving Debian's Chromium against the
 * production server on loopback: home (ru, mobile and desktop), a service page, an article and
 * a legal page (mobile).
 * Prints the four category scores, LCP, CLS and TBT; reports go to bench-results/lighthouse/.
 *
 * `npm run bench:lighthouse -- --against <checkout>`: home and the service page on mobile,
 * this build and another checkout's (built beforehand) alternating, `LH_RUNS` times each (5),
 * with each one's median: this machine's Lighthouse drifts from day to day, so a comparison
 * holds within one run only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { build } from '#build/build.ts';
import { loadToolConfig } from '#server/config.ts';
import { LIGHTHOUSE_TARGETS } from './budgets.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  freePort,
  median,
  root,
  spawnServer,
  untilReady,
} from './server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Each page as a visitor of its language sees it (a Russian browser is not sent from / to /en/). */
const PAGES = [
  { name: 'home-ru-mobile', path: '/', desktop: false, lang: 'ru' },
  { name: 'home-ru-desktop', path: '/', desktop: true, lang: 'ru' },
  { name: 'service-ru-mobile', path: '/uslugi/lajki-v-instagram/', desktop: false, lang: 'ru' },
  {
    name: 'article-en-mobile',
    path: '/en/blog/why-your-profile-must-be-public/',
    desktop: false,
    lang: 'en',
  },
  { name: 'legal-ru-mobile', path: '/public-agreement/ru/', desktop: false, lang: 'ru' },
];

/** One Lighthouse run of `page` on `port`: its performance score and TBT (ms). */
async function runOnce(chromePort: number, port: number, page: (typeof PAGES)[number]) {
  const url = `http://127.0.0.1:${port}${page.path}`;
  const options = {
    port: chromePort,
    extraHeaders: { 'Accept-Language': page.lang },
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
  };
  let result = await lighthouse(url, options, page.desktop ? desktopConfig : undefined);
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++)
    result = await lighthouse(url, options, page.desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`no result for ${page.name}`);
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
  };
}

/** This build against another checkout's, alternating (see the file's comment). */
async function compare(against: string) {
  const runs = loadToolConfig().lighthouseRuns;
  const builds = [
    { name: 'this build', dir: root },
    { name: path.basename(against), dir: against },
  ];
  const servers = [];
  for (const build of builds) {
    const port = await freePort();
    servers.push({ ...build, port, process: await spawnServer(port, {}, [], build.dir) });
    await untilReady(port);
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const page of PAGES.filter((one) => /^(home|service)-ru-mobile$/.test(one.name))) {
      const results = new Map<string, Awaited<ReturnType<typeof runOnce>>[]>(
        servers.map((server) => [server.name, []]),
      );
      for (const server of servers)
        await fetch(`http://127.0.0.1:${server.port}${page.path}`, {
          headers: { 'Accept-Language': page.lang },
        });
      for (let run = 0; run < runs; run++)
        for (const server of servers)
          results.get(server.name)!.push(await runOnce(chrome.port, server.port, page));
      for (const server of servers) {
        const of = results.get(server.name)!;
        rows.push({
          page: page.name,
          build: server.name,
          'performance, median': median(of.map((one) => one.performance)),
          'performance, each': of.map((one) => one.performance).join(' '),
          'TBT ms, each': of.map((one) => one.tbt).join(' '),
          'LCP ms, each': of.map((one) => one.lcp).join(' '),
        });
      }
    }
  } finally {
    await chrome.kill();
    for (const server of servers) server.process.kill('SIGTERM');
  }
  console.table(rows);
}

async function main() {
  const againstAt = process.argv.indexOf('--against');
  if (againstAt > 0) {
    // both builds as they are: build each checkout first
    await compare(path.resolve(process.argv[againstAt + 1]!));
    return;
  }
  await build();
  const port = await freePort();
  const server = await spawnServer(port);
  await untilReady(port);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const dir = path.join(root, 'bench-results/lighthouse');
  await mkdir(dir, { recursive: true });
  const rows = [];
  try {
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${port}${page.path}`;
      const headers = { 'Accept-Language': page.lang };
      // a running server has rendered its pages before: the first render of a fresh process
      // (modules, compilation) is not what visitors see
      await fetch(url, { headers });
      const run = () =>
        lighthouse(
          url,
          {
            port: chrome.port,
            extraHeaders: headers,
            output: ['html', 'json'],
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          },
          page.desktop ? desktopConfig : undefined,
        );
      let result = await run();
      // Chromium now and then loses the trace (NO_NAVSTART …): Lighthouse says to run again
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await run();
      if (!result) throw new Error(`no result for ${page.name}`);
      const [html, json] = result.report as string[];
      await writeFile(path.join(dir, `${page.name}.html`), html!);
      await writeFile(path.join(dir, `${page.name}.json`), json!);
      const { categories, audits } = result.lhr;
      const score = (id: (typeof CATEGORIES)[number]) =>
        Math.round((categories[id]?.score ?? 0) * 100);
      rows.push({
        page: page.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        LCP: audits['largest-contentful-paint']?.displayValue,
        CLS: audits['cumulative-layout-shift']?.displayValue,
        TBT: audits['total-blocking-time']?.displayValue,
      });
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
  console.table(rows);
  console.log(
    `targets: ${Object.entries(LIGHTHOUSE_TARGETS)
      .map(([k, v]) => `${k} ≥ ${v}`)
      .join(', ')}; reports in ${path.relative(root, dir)}/`,
  );
}

await main();
