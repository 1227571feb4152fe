import { TIMING } from '../../shared/constants.ts';

const KEY = 'chunk-reload-at';

export interface ReloadEnv {
  now(): number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
}

const browserEnv = (): ReloadEnv => ({
  now: () => Date.now(),
  storage: sessionStorage,
  reload: () => location.reload(),
});

/**
 * SPEC §8: a route chunk that fails to load (a deploy replaced it) reloads the page, at most
 * once per 60 s; a second failure within that window is thrown to the error page instead.
 */
export async function importWithReload<T>(load: () => Promise<T>, env?: ReloadEnv): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!env && typeof window === 'undefined') throw error;
    env ??= browserEnv();
    const last = Number(env.storage.getItem(KEY) ?? 0);
    if (env.now() - last < TIMING.chunkReloadMinIntervalMs) throw error;
    env.storage.setItem(KEY, String(env.now()));
    env.reload();
    // keep the navigation pending while the page reloads
    return new Promise<T>(() => {});
  }
}
