import type { QueryClient } from '@tanstack/react-query';
import { generatedIdeas } from '../pending-generation';
import { isMembersOwn } from '../query-client';
import { meQueryKey } from './api/get-me';
import { announceSessionChange } from './session-hint';

/**
 * What this tab forgets when the session ends (logout, a deleted account): the current user becomes
 * nobody, the other tabs are told, and every member-specific answer leaves the cache. Call it after
 * navigating away from a protected page, so that page never sees the signed-out state.
 */
export function forgetSession(queryClient: QueryClient): void {
  generatedIdeas.clear();
  announceSessionChange(false);
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: isMembersOwn });
}
