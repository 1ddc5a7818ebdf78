import type { DehydratedState } from '@tanstack/react-query';
import { type ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';

/** The app on a router made by its caller; `state` is what the server's prerender already knew. */
export function App({ router, state }: { router: ComponentProps<typeof RouterProvider>['router']; state?: DehydratedState }) {
  return (
    <AppProvider state={state}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
