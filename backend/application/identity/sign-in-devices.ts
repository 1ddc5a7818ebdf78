import { userDecider, userStreams } from '../../domain/identity/user';
import type { UserActor } from '../../domain/shared/actor';
import { commandContext, type RequestOrigin } from '../event-sourcing/command-context';
import { handleCommand } from '../event-sourcing/command-handler';
import type { EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';
import { deviceLabel } from './device-label';
import type { UserRow } from './user-reads';

/**
 * Every sign-in (a password, Google, a new account's first session) names its device to the
 * account: one it has not signed in from before is `SignedInFromNewDevice`, which the member's
 * account activity lists. As the member, who has just proved who they are.
 */
export function signInDevices(deps: { eventStore: EventStore; ids: IdGenerator; clock: Clock }) {
  return {
    async record(user: Pick<UserRow, 'id' | 'role'>, userAgent: string | undefined, origin: Omit<RequestOrigin, 'actor'>): Promise<void> {
      const member: UserActor = { kind: 'user', userId: user.id, role: user.role };
      await handleCommand(
        deps,
        userDecider,
        userStreams.name(user.id),
        () => ({ type: 'RecordSignIn' as const, data: { device: deviceLabel(userAgent) } }),
        commandContext(deps.clock, { ...origin, actor: member }, 'sign-in'),
      );
    },
  };
}
