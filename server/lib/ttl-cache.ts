/**
 * One value loaded on demand and kept `ttlMs`, shared by concurrent readers while it loads;
 * a failed load is not kept, so the next read tries again. `drop()` forgets it at once.
 */
export function ttlCache<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now) {
  let cached: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (cached && now() - cached.at < ttlMs) return cached.value;
      const entry = { at: now(), value: load() };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.value;
    },
    drop(): void {
      cached = null;
    },
  };
}

/** JSON text from our own columns; anything unreadable is the fallback rather than a crash. */
export function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}
