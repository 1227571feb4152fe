import { TIMING } from '#shared/constants.ts';
import { isOnline } from './online.ts';

const KEY = 'chunk-reload-at';

export interface ReloadEnv {
  now(): number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  isOnline(): boolean;
  /** resolves once the browser is online again */
  backOnline(): Promise<void>;
}

const browserEnv = (): ReloadEnv => ({
  now: () => Date.now(),
  storage: sessionStorage,
  reload: () => location.reload(),
  isOnline,
  backOnline: () =>
    new Promise((resolve) => addEventListener('online', () => resolve(), { once: true })),
});

/**
 * A part of the app (a screen, a layout, a message set) that could not be loaded even after
 * the reload: the error page says so in the visitor's language (docs/product.md §12: a layout that fails
 * to load raises a 500 with its message), not the generic words.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * docs/product.md §12: a route chunk that fails to load (a deploy replaced it) reloads the page, at most
 * once per 60 s; a second failure within that window is thrown to the error page instead.
 */
export async function importWithReload<T>(load: () => Promise<T>, env?: ReloadEnv): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!env && typeof window === 'undefined') throw error;
    env ??= browserEnv();
    // offline, the network failed it, not a deploy: a reload would show the browser's own
    // offline page, so the same import is tried again once the connection is back
    if (!env.isOnline()) {
      await env.backOnline();
      return importWithReload(load, env);
    }
    const last = Number(env.storage.getItem(KEY) ?? 0);
    if (env.now() - last < TIMING.chunkReloadMinIntervalMs) throw new ChunkLoadError(error);
    env.storage.setItem(KEY, String(env.now()));
    env.reload();
    // keep the navigation pending while the page reloads
    return new Promise<T>(() => {});
  }
}
