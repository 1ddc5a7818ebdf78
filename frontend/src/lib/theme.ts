import { local } from './storage';

/**
 * The light or dark theme, kept in local storage, with no React (the islands entry applies it
 * before any island is hydrated); the hook is in `use-theme.ts`.
 */
export type Theme = 'light' | 'dark';
const KEY = 'skilly.theme';
/** Blueprint's dark theme class (Classes.DARK), spelled out: the public pages' islands load no Blueprint code. */
const DARK_CLASS = 'bp6-dark';
const listeners = new Set<() => void>();

export function currentTheme(): Theme {
  return local.get(KEY) === 'dark' ? 'dark' : 'light';
}

/** Blueprint's dark theme is a class; it goes on <body> too so portals (menus, dialogs, toasts) follow it. */
export function applyTheme(theme: Theme = currentTheme()): void {
  for (const element of [document.documentElement, document.body]) {
    element.classList.toggle(DARK_CLASS, theme === 'dark');
  }
  document.documentElement.style.colorScheme = theme;
}

/** Keeps, applies and announces the theme chosen. */
export function chooseTheme(next: Theme): void {
  local.set(KEY, next);
  applyTheme(next);
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever a theme is chosen; answers how to stop. */
export function onThemeChosen(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
