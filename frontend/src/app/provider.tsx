import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { type DehydratedState, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { AppToaster } from '../lib/toaster';

/** Spec §9: tooltips open after 700 ms; the toaster shows one toast at a time. */
export function AppProvider({ children, state }: { children: ReactNode; state?: DehydratedState }) {
  const [queryClient] = useState(createQueryClient);
  return (
    // BlueprintProvider without its HotkeysProvider (the app has no hotkeys): that one would put
    // Blueprint's dialog and overlay code into every page's first load.
    <PortalProvider>
      <OverlaysProvider>
        <QueryClientProvider client={queryClient}>
          <HydrationBoundary state={state}>
            <AuthProvider>{children}</AuthProvider>
          </HydrationBoundary>
          <AppToaster />
        </QueryClientProvider>
      </OverlaysProvider>
    </PortalProvider>
  );
}
