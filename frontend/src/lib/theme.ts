import { useCallback, useSyncExternalStore } from 'react';
import { local } from './storage';

export type Theme = 'light' | 'dark';
const KEY = 'skilly.theme';
/** Blueprint's dark theme class (Classes.DARK), spelled out: the public pages' islands load no Blueprint code. */
const DARK_CLASS = 'bp6-dark';
const listeners = new Set<() => void>();

function current(): Theme {
  return local.get(KEY) === 'dark' ? 'dark' : 'light';
}

/** Blueprint's dark theme is a class; it goes on <body> too so portals (menus, dialogs, toasts) follow it. */
export function applyTheme(theme: Theme = current()): void {
  for (const element of [document.documentElement, document.body]) {
    element.classList.toggle(DARK_CLASS, theme === 'dark');
  }
  document.documentElement.style.colorScheme = theme;
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'light' as Theme,
  );
  const setTheme = useCallback((next: Theme) => {
    local.set(KEY, next);
    applyTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  return [theme, setTheme];
}
