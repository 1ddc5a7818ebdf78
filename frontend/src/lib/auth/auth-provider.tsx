import type { User } from '@contracts/auth';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useMe } from './api/get-me';

/** Spec §3: the session exposes user, isAuthenticated, isLoading. */
export type Session = { user: User | null; isAuthenticated: boolean; isLoading: boolean };

const AuthContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const me = useMe();
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
