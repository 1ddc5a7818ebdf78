import { useEffect } from 'react';

/**
 * A page the browser's Back button brings back from its back/forward cache keeps React's state as
 * it was when the member left: a button that read "Loading..." on the way to checkout or the portal
 * would stay stuck. On such a restore (`pageshow` with `persisted`), `reset` (a mutation's, which
 * is stable) puts it back to idle.
 */
export function useResetOnPageRestore(reset: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}
