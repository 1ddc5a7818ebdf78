import type { DehydratedState } from '@tanstack/react-query';
import { type ComponentProps, useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';

/** The app on a router made by its caller; `state` is what the server's prerender already knew. */
export function App({ router, state }: { router: ComponentProps<typeof RouterProvider>['router']; state?: DehydratedState }) {
  // Marks the page as live (a prerendered page is readable before, but not yet interactive):
  // the browser tests wait for it after each navigation.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <AppProvider state={state}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
