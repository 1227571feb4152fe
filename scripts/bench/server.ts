import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadToolConfig, SAMPLE_OPERATOR_ENV } from '#server/config.ts';

/** The benchmarks run the production server exactly as `npm run serve` does. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium and the flags the browser benchmarks drive it with. */
export const CHROMIUM = loadToolConfig().chromiumPath;
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The middle of a few figures (the upper one of the two middles). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Spawns the built server on a loopback port; `ready` resolves once it answers. `checkout` is
 * another checkout's root whose build to serve instead (a before/after comparison).
 */
export async function spawnServer(
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  checkout = root,
): Promise<ChildProcess> {
  const serveArgs: string[] = JSON.parse(
    await readFile(path.join(checkout, 'package.json'), 'utf8'),
  )
    // the command after the Node version check (`node scripts/check-node.cjs && node …`)
    .scripts.serve.split('&&')
    .at(-1)
    .trim()
    .split(/\s+/)
    .slice(1);
  return spawn(process.execPath, [...nodeArgs, ...serveArgs], {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // production refuses the public default; any long string serves a test's sandbox
      PAYMENT_SANDBOX_SECRET: 'test-sandbox-secret-0123456789',
      SECRETS_KEY: '5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e',
      // and refuses to start without the operator the legal pages name
      ...SAMPLE_OPERATOR_ENV,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
}

/** Waits until the server at `port` reports ready (or gives up after 20 s). */
export async function untilReady(port: number): Promise<void> {
  for (let wait = 0; ; wait++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (wait > 200) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs a new customer up (the server must run with AUTH_RATE_LIMIT_PER_MINUTE=0); answers the auth token. */
export async function signUpFor(port: number, prefix = 'bench'): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const origin = `http://127.0.0.1:${port}`;
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      email: `${prefix}.${stamp}@example.com`,
      login: `${prefix}${stamp}`,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A process's resident memory in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
