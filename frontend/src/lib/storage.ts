/** Storage can be unavailable (private modes, blocked cookies); the app then simply forgets. */
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    /* ignored: see above */
  }
}

export const session = {
  get: (key: string) => read(() => window.sessionStorage, key),
  set: (key: string, value: string | null) => write(() => window.sessionStorage, key, value),
};

export const local = {
  get: (key: string) => read(() => window.localStorage, key),
  set: (key: string, value: string | null) => write(() => window.localStorage, key, value),
};

export function readJson<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
