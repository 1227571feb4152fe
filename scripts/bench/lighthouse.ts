/**
 * `npm run bench:lighthouse`: Lighthouse (npm) driving Debian's Chromium against the
 * production server on loopback: home (ru, mobile and desktop), a service page, an article and
 * a legal page (mobile).
 * Prints the four category scores, LCP, CLS and TBT; reports go to bench-results/lighthouse/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { build } from '../../build/build.ts';
import { LIGHTHOUSE_TARGETS } from './budgets.ts';
import { freePort, root, spawnServer, untilReady } from './server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
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

async function main() {
  await build();
  const port = await freePort();
  const server = await spawnServer(port);
  await untilReady(port);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
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
