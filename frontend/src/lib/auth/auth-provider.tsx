import type { User } from '@contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { meQueryKey, useMe } from './api/get-me';
import { onSessionChangedElsewhere } from './session-hint';

/** Spec §3: the session exposes user, isAuthenticated, isLoading. */
export type Session = { user: User | null; isAuthenticated: boolean; isLoading: boolean };

const AuthContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const queryClient = useQueryClient();
  // Signing in or out in another tab changes this tab's cookie too.
  useEffect(() => onSessionChangedElsewhere(() => void queryClient.invalidateQueries({ queryKey: meQueryKey })), [queryClient]);
  // A failed /me (server down, 5xx) counts as signed out rather than an endless "Loading...".
  const user = me.data ?? null;
  const value = useMemo<Session>(
    () => ({ user, isAuthenticated: user !== null, isLoading: me.isPending }),
    [user, me.isPending],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Session {
  const session = useContext(AuthContext);
  if (!session) throw new Error('useAuth must be used within an AuthProvider');
  return session;
}
