import { Callout } from '@blueprintjs/core';
import type { User } from '@contracts/auth';
import { Link } from 'react-router-dom';

/**
 * Spec §6: admins and moderators cannot generate ideas; they see this where the idea form would be.
 * An admin reads the spec's line about the admin dashboard; a moderator has no admin area, only the
 * support desk at /support (design §5; issue 48), so that is what a moderator is told, with its link.
 */
export function StaffNotice({ role }: { role: User['role'] | undefined }) {
  return (
    <Callout intent="primary" icon="shield" className="staff-notice">
      <p>
        <strong>Admin and Moderator accounts cannot generate ideas</strong>
      </p>
      {role === 'moderator' ? (
        <p>
          You have access to the support desk to answer members’ tickets. <Link to="/support">Open the support desk</Link>
        </p>
      ) : (
        <p>You have access to the admin dashboard to manage the platform</p>
      )}
    </Callout>
  );
}
