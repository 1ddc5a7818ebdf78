import { type Query, QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/** Spec §9: fresh for 30 s, no automatic retry, refetch on focus and reconnect, unused cache dropped after 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Marks a query whose answer survives signing out (the session itself, site content); every other
 * cached answer is the member's own and is dropped then. Spread into the query's options.
 */
export const keptOnSignOut = { meta: { keptOnSignOut: true } } as const;

export const isMembersOwn = (query: Query) => query.meta?.keptOnSignOut !== true;

/**
 * Marks a query whose answer changes when the member spends or is granted credits (the credits
 * feature's balances and statement), so a feature that spends one refreshes them without knowing them.
 */
export const changesWithCredits = { meta: { changesWithCredits: true } } as const;

export const refetchCreditQueries = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => query.meta?.changesWithCredits === true });
