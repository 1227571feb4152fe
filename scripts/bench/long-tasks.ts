/**
 * `npm run bench:long-tasks [-- --against <checkout>]`: the main thread's long tasks (≥ 50 ms)
 * after the first paint of home and a service page (ru), in Debian's Chromium with its CPU
 * slowed 4× (Lighthouse's phone; `LONG_TASK_CPU_RATE`), until the page has hydrated and gone
 * quiet. Prints, per page, each load's tasks, their total and the Total Blocking Time (the
 * part of each over 50 ms).
 * With `--against`, another checkout's build (built beforehand) is served too and the loads
 * alternate between the two, so the machine's drift hits both alike. `LONG_TASK_RUNS` loads
 * per page and build (5). Uses the existing build of each checkout (`npm run build` first).
 * With `--frames`, it also prints what each load's long animation frames after the first
 * paint were made of (Chromium's Long Animation Frames API): their scripts (≥ 5 ms, by kind
 * and file) and their style and layout.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadToolConfig } from '#server/config.ts';
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
  /** the long animation frames after the first paint, one line each */
  frames: string[];
  /** when the first contentful paint came, ms after the navigation started */
  paint: number;
}

const FRAMES = process.argv.includes('--frames');

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
      const frames: PerformanceEntry[] = [];
      Object.assign(window, { longFrames: frames });
      new PerformanceObserver((list) => {
        frames.push(...list.getEntries());
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    // The page is watched through CDP with small expressions: Playwright's own waits compile
    // its injected script (~200 KiB) and poll on every frame, on the page's main thread, and
    // those tasks would count as the page's (+40–100 ms at 4× CPU).
    const evaluate = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description);
      return result.value as T;
    };
    await page.goto(origin + pagePath, { waitUntil: 'load' });
    await evaluate(`new Promise((resolve, reject) => {
      const root = document.documentElement;
      const hydrated = () => root.dataset.hydrated === 'true';
      if (hydrated()) return resolve(true);
      const timer = setTimeout(() => reject(new Error('not hydrated in 30 s')), 30000);
      new MutationObserver((_, observer) => {
        if (!hydrated()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(true);
      }).observe(root, { attributes: true });
    })`);
    // quiet: no new long task for a while after hydration
    let count = -1;
    for (;;) {
      const now = await evaluate<number>('window.longTasks.length');
      if (now === count) break;
      count = now;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
    return await evaluate<Load>(`(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tasks = window.longTasks
        .filter((task) => task.start >= paint)
        .map((task) => Math.round(task.duration));
      return {
        tasks,
        total: tasks.reduce((sum, duration) => sum + duration, 0),
        blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
        paint: Math.round(paint),
        frames: window.longFrames
          .filter((frame) => frame.startTime + frame.duration >= paint)
          .map((frame) => {
            const ms = (value) => Math.round(value);
            const layout = frame.styleAndLayoutStart
              ? frame.startTime + frame.duration - frame.styleAndLayoutStart
              : 0;
            const scripts = frame.scripts.map(
              (script) =>
                \`\${script.invokerType} \${script.sourceURL.replace(/^.*\\//, '') || '(page)'} \${ms(script.duration)}\`,
            );
            return \`+\${ms(frame.startTime - paint)} ms: \${ms(frame.duration)} ms, style and layout \${ms(layout)}\${scripts.length ? '; ' + scripts.join(', ') : ''}\`;
          }),
      };
    })()`);
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
        if (FRAMES)
          of.forEach((load, index) => {
            console.log(
              `${page.name}, ${server.name}, load ${index + 1}: [${load.tasks.join(' ')}]`,
            );
            for (const frame of load.frames) console.log(`  ${frame}`);
          });
        rows.push({
          page: page.name,
          build: server.name,
          'long tasks (ms), each load': of.map((load) => `[${load.tasks.join(' ')}]`).join(' '),
          'total, median': median(of.map((load) => load.total)),
          'total, each': of.map((load) => load.total).join(' '),
          'TBT, median': median(of.map((load) => load.blocking)),
          'FCP ms, median': median(of.map((load) => load.paint)),
        });
      }
    }
  } finally {
    for (const server of servers) server.process.kill('SIGTERM');
  }
  console.table(rows);
  console.log(
    `CPU ${CPU_RATE}× slower; target: ≤ 100 ms of long tasks in all after the first paint at 4×, per page`,
  );
}

await main();
