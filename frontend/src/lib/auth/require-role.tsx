import type { User } from '@contracts/auth';
import type { ReactNode } from 'react';
import { NotFound } from '../../components/ui/not-found';
import { useAuth } from './auth-provider';
import { RequireAuth } from './require-auth';

type Role = User['role'];

/**
 * Role gate (design: `<RequireRole roles={['admin']}>`): splash while the session resolves, visitors to
 * sign in, `children` for a member whose role is listed, and `otherwise` (the 404 page unless given)
 * for any other member. A gate only shapes the screen: the server checks every request again.
 */
export function RequireRole({
  roles,
  children,
  otherwise = <NotFound />,
  signInTo,
}: {
  roles: readonly Role[];
  children: ReactNode;
  otherwise?: ReactNode;
  signInTo?: string;
}) {
  return (
    <RequireAuth signInTo={signInTo}>
      <RoleGate roles={roles} otherwise={otherwise}>
        {children}
      </RoleGate>
    </RequireAuth>
  );
}

function RoleGate({ roles, children, otherwise }: { roles: readonly Role[]; children: ReactNode; otherwise: ReactNode }) {
  const { user } = useAuth();
  return <>{user && roles.includes(user.role) ? children : otherwise}</>;
}
