import { useEffect, useSyncExternalStore } from 'react';

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

let whenLive: (() => void) | undefined;

/** Runs `callback` once the page's content is live (a prerendered page: once it is hydrated). */
export function runWhenLive(callback: () => void): void {
  whenLive = callback;
}

/**
 * Sent on `document` when the page is live: /boot.js (frontend/public/boot.js) holds a button
 * clicked on a member's page before the app started, and clicks it again on this event.
 */
export const APP_LIVE_EVENT = 'skilly:live';

/**
 * Rendered beside the page inside the layout's Suspense boundary, which React hydrates after
 * the shell: its effect runs once the page itself is live. It runs what `runWhenLive` was given,
 * marks `<html data-app-ready>` (the browser tests wait for it after each navigation) and sends
 * `APP_LIVE_EVENT`.
 */
export function LiveMarker() {
  useEffect(() => {
    const callback = whenLive;
    whenLive = undefined;
    // Once React has finished its commit, as the islands do (island-hydration.tsx): text typed
    // again then reaches the forms as typing does.
    queueMicrotask(() => {
      callback?.();
      document.documentElement.dataset.appReady = 'true';
      document.dispatchEvent(new Event(APP_LIVE_EVENT));
    });
  }, []);
  return null;
}
