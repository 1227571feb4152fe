/**
 * `npm run bench:long-tasks [-- --against <checkout>]`: the main thread's long tasks (≥ 50 ms)
 * after the first paint of home and a service page (ru), in Debian's Chromium with its CPU
 * slowed 4× (Lighthouse's phone; `LONG_TASK_CPU_RATE`), until the page has hydrated and gone
 * quiet. Prints, per page, each load's tasks, their total and the Total Blocking Time (the
 * part of each over 50 ms).
 * With `--against`, another checkout's build (built beforehand) is served too and the loads
 * alternate between the two, so the machine's drift hits both alike. `LONG_TASK_RUNS` loads
 * per page and build (5). Uses the existing build of each checkout (`npm run build` first).
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadToolConfig } from '../../server/config.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  freePort,
  median,
  root,
  spawnServer,
  untilReady,
} from './server.ts';

const PAGES = [
  { name: 'home ru', path: '/' },
  { name: 'service page ru', path: '/uslugi/lajki-v-instagram/' },
];
const { longTaskRuns: RUNS, longTaskCpuRate: CPU_RATE } = loadToolConfig();
/** How long the page must stay without a long task, once hydrated, for a load to end. */
const QUIET_MS = 1500;

interface Load {
  tasks: number[];
  total: number;
  blocking: number;
}

async function measure(origin: string, pagePath: string): Promise<Load> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      Object.assign(window, { longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.goto(origin + pagePath, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
    // quiet: no new long task for a while after hydration
    let count = -1;
    for (;;) {
      const now = await page.evaluate(
        () => (window as unknown as { longTasks: [] }).longTasks.length,
      );
      if (now === count) break;
      count = now;
      await page.waitForTimeout(QUIET_MS);
    }
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const all = (window as unknown as { longTasks: { start: number; duration: number }[] })
        .longTasks;
      const tasks = all
        .filter((task) => task.start >= paint)
        .map((task) => Math.round(task.duration));
      return {
        tasks,
        total: tasks.reduce((sum, duration) => sum + duration, 0),
        blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      };
    });
  } finally {
    await browser.close();
  }
}

async function main() {
  const againstAt = process.argv.indexOf('--against');
  const checkouts = [{ name: 'this build', dir: root }];
  if (againstAt > 0)
    checkouts.push({ name: 'against', dir: path.resolve(process.argv[againstAt + 1]!) });
  const servers = [];
  for (const checkout of checkouts) {
    const port = await freePort();
    servers.push({ ...checkout, port, process: await spawnServer(port, {}, [], checkout.dir) });
    await untilReady(port);
  }
  const rows = [];
  try {
    for (const page of PAGES) {
      const loads = new Map<string, Load[]>(servers.map((server) => [server.name, []]));
      // a fresh process's first render is not what visitors see
      for (const server of servers) await fetch(`http://127.0.0.1:${server.port}${page.path}`);
      for (let run = 0; run < RUNS; run++)
        for (const server of servers)
          loads.get(server.name)!.push(await measure(`http://127.0.0.1:${server.port}`, page.path));
      for (const server of servers) {
        const of = loads.get(server.name)!;
        rows.push({
          page: page.name,
          build: server.name,
          'long tasks (ms), each load': of.map((load) => `[${load.tasks.join(' ')}]`).join(' '),
          'total, median': median(of.map((load) => load.total)),
          'total, each': of.map((load) => load.total).join(' '),
          'TBT, median': median(of.map((load) => load.blocking)),
        });
      }
    }
  } finally {
    for (const server of servers) server.process.kill('SIGTERM');
  }
  console.table(rows);
  console.log(
    `CPU ${CPU_RATE}× slower; target: ≤ 100 ms of long tasks in all after the first paint at 4×, per page (issue 29)`,
  );
}

await main();
