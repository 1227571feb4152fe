import { TIMING } from '#shared/constants.ts';

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
    const last = Number(env.storage.getItem(KEY) ?? 0);
    if (env.now() - last < TIMING.chunkReloadMinIntervalMs) throw new ChunkLoadError(error);
    env.storage.setItem(KEY, String(env.now()));
    env.reload();
    // keep the navigation pending while the page reloads
    return new Promise<T>(() => {});
  }
}
