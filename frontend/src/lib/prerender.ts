import { useSyncExternalStore } from 'react';

/** The id of the JSON script holding the queries a prerendered page was rendered with. */
export const PRERENDER_STATE_ID = 'skilly-prerender-state';

const neverChanges = () => () => {};

/**
 * False while the server prerenders and while the browser hydrates that HTML, true in every
 * other render: what only the browser knows (session storage) is read once it is true, so the
 * first render in the browser matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
