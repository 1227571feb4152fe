/**
 * `npm run dev`: esbuild watches the browser and the server bundles; after each rebuild the
 * asset manifest is rewritten and the server restarts. Reload the page to see a change.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { clientOptions, serverOptions, writeManifest } from './build.ts';

const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | undefined;
let restartTimer: NodeJS.Timeout | undefined;
const built = { client: false, server: false };

function restart() {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    const start = () => {
      server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
        cwd: root,
        stdio: 'inherit',
        env: { LOG_PRETTY: 'true', ...process.env, NODE_ENV: 'development' },
      });
    };
    if (server && server.exitCode === null) {
      server.once('exit', start);
      server.kill('SIGTERM');
    } else start();
  }, 150);
}

const onRebuilt = (side: keyof typeof built): esbuild.Plugin => ({
  name: `rebuilt-${side}`,
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      if (side === 'client' && result.metafile) await writeManifest(result.metafile);
      built[side] = true;
      console.warn(`dev: ${side} rebuilt`);
      if (built.client && built.server) restart();
    });
  },
});

await rm(path.join(root, 'dist'), { recursive: true, force: true });
await mkdir(path.join(root, 'dist/client'), { recursive: true });
const contexts = await Promise.all([
  esbuild.context({
    ...clientOptions,
    minify: false,
    plugins: [...(clientOptions.plugins ?? []), onRebuilt('client')],
  }),
  esbuild.context({
    ...serverOptions,
    plugins: [...(serverOptions.plugins ?? []), onRebuilt('server')],
  }),
]);
await Promise.all(contexts.map((context) => context.watch()));
process.on('SIGINT', async () => {
  await Promise.all(contexts.map((context) => context.dispose()));
  server?.kill('SIGTERM');
  process.exit(0);
});
