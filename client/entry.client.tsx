import { nextTask } from './lib/next-task.ts';
import { reportClientError, reportUncaughtErrors } from './lib/report-error.ts';

// from the first line on, the page's uncaught errors reach the server's log (POST logger)
reportUncaughtErrors();

/**
 * The page's script, in two stages: React (react, react-dom, the scheduler), then the app
 * with its libraries (app/start.tsx, which hydrates), each evaluated in a task of its own: as
 * one file, the bundle's evaluation was one task of 110–200 ms on a phone (Chromium at 4× CPU),
 * as two, each is ~50 ms or less. The page's script preloads both with this one
 * (server/ssr/page-document.tsx), so the stages cost no round trip.
 */
async function boot() {
  await import('./app/react-stage.ts');
  await nextTask();
  const { start } = await import('./app/start.tsx');
  // the app's evaluation and its start's first steps (the page state, the intl) in two tasks
  await nextTask();
  await start();
}

boot().catch((error: unknown) => {
  console.error('hydration failed', error);
  reportClientError(error, 'boot');
});
