/**
 * The browser's Web Storage as something that may be missing: switched off (a privacy mode, a
 * sandboxed frame: reading the property throws) or full. A read then gives null and a write
 * keeps nothing, so no screen fails for it; on the server there is none.
 */
export interface Store {
  get(key: string): string | null;
  /** null removes the key */
  set(key: string, value: string | null): void;
}

function storeOf(area: 'sessionStorage' | 'localStorage'): Store {
  return {
    get(key) {
      try {
        return globalThis[area]?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (value === null) globalThis[area]?.removeItem(key);
        else globalThis[area]?.setItem(key, value);
      } catch {
        // off or full: not kept
      }
    },
  };
}

/** The tab's storage (sessionStorage). */
export const sessionStore = storeOf('sessionStorage');
/** The site's storage in this browser (localStorage). */
export const localStore = storeOf('localStorage');
