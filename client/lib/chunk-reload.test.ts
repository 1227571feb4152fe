import { ChunkLoadError, importWithReload, type ReloadEnv } from './chunk-reload.ts';

function fakeEnv(now: number) {
  const store = new Map<string, string>();
  const waiting: (() => void)[] = [];
  const offline: (() => void)[] = [];
  const env: ReloadEnv & {
    reloads: number;
    clock: number;
    online: boolean;
    nextReload(): Promise<void>;
    connect(): void;
  } = {
    reloads: 0,
    clock: now,
    online: true,
    isOnline: () => env.online,
    backOnline: () => new Promise<void>((resolve) => offline.push(resolve)),
    /** the connection is back */
    connect: () => {
      env.online = true;
      for (const wake of offline.splice(0)) wake();
    },
    now: () => env.clock,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
    },
    reload: () => {
      env.reloads += 1;
      for (const wake of waiting.splice(0)) wake();
    },
    /** resolves at the next reload */
    nextReload: () => new Promise<void>((wake) => waiting.push(wake)),
  };
  return env;
}

const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

describe('importWithReload (docs/product.md §12)', () => {
  it('returns the module when it loads', async () => {
    await expect(importWithReload(() => Promise.resolve({ ok: 1 }), fakeEnv(0))).resolves.toEqual({
      ok: 1,
    });
  });

  it('reloads the page once when a chunk fails, then throws within the next 60 s', async () => {
    const env = fakeEnv(1_000_000);
    const reloaded = env.nextReload();
    void importWithReload(failing, env);
    await reloaded;
    expect(env.reloads).toBe(1);

    env.clock += 59_000;
    const thrown = await importWithReload(failing, env).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ChunkLoadError);
    expect((thrown as ChunkLoadError).cause).toMatchObject({
      message: 'Failed to fetch dynamically imported module',
    });
    expect(env.reloads).toBe(1);

    env.clock += 2_000;
    const again = env.nextReload();
    void importWithReload(failing, env);
    await again;
    expect(env.reloads).toBe(2);
  });

  it('tries the import again once the connection is back, without a reload, when offline', async () => {
    const env = fakeEnv(1_000_000);
    env.online = false;
    let tries = 0;
    const loading = importWithReload(() => {
      tries += 1;
      return tries === 1 ? failing() : Promise.resolve({ ok: 2 });
    }, env);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tries).toBe(1);
    env.connect();
    await expect(loading).resolves.toEqual({ ok: 2 });
    expect(tries).toBe(2);
    expect(env.reloads).toBe(0);
  });
});
