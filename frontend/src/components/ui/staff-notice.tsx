import { Callout } from '@blueprintjs/core';

/** Spec §6: admins and moderators cannot generate ideas; they see this where the idea form would be. */
export function StaffNotice() {
  return (
    <Callout intent="primary" icon="shield" className="staff-notice">
      <p>
        <strong>Admin and Moderator accounts cannot generate ideas</strong>
      </p>
      <p>You have access to the admin dashboard to manage the platform</p>
    </Callout>
  );
}
