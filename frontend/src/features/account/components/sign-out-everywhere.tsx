import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Issue 52: a member who left a session open somewhere, or fears someone else has one, ends them all. */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere({ onSignedOut: () => navigate('/auth?tab=signin', { flushSync: true }) });
  return <Button text="Sign out everywhere" loading={signOut.isPending} onClick={() => signOut.mutate()} />;
}
