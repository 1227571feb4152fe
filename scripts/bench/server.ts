import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The benchmarks run the production server exactly as `npm run serve` does. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Spawns the built server on a loopback port; `ready` resolves once it answers. */
export async function spawnServer(
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const serveArgs: string[] = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'))
    .scripts.serve.split(/\s+/)
    .slice(1);
  return spawn(process.execPath, serveArgs, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // production refuses the public default; any long string serves a test's sandbox
      PAYMENT_SANDBOX_SECRET: 'test-sandbox-secret-0123456789',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
}
