import { useSyncExternalStore } from 'react';
import { chooseTheme, currentTheme, onThemeChosen, type Theme } from './theme';

/** The theme, and how to choose another (the server renders the light one). */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(onThemeChosen, currentTheme, () => 'light' as Theme);
  return [theme, chooseTheme];
}
