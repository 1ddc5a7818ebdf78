import { announceSessionsChanged } from '../../application/ports/sessions-changed';
import { userStreams } from '../../domain/identity/user';
import type { Projection } from '../runner/projection';

/**
 * Ends sessions when an account's access changes: a new password, a disabled or a deleted
 * account, an address put back from the notice of its change, the member's "Sign out everywhere". Only sessions opened before the event are touched, so replaying history never
 * ends a session that began afterwards. It owns no table: a rebuild replays it harmlessly.
 *
 * A sign-in that checked the password before such an event may open its session just after
 * it, escaping the revocation. `resolveSession` refuses it all the same: its password is not
 * the account's any more, or the account is disabled. Re-enabling the account ends such
 * sessions here, so they never come back to life (every session opened before the enable is
 * one of them or was ended by the disabling already: a disabled account cannot sign in).
 */
export const sessionRevocationProjection: Projection = {
  name: 'session-revocation',
  handles: ['UserPasswordChanged', 'UserDisabled', 'UserEnabled', 'UserDeleted', 'UserEmailRestored', 'SignedOutEverywhere'],
  tables: [],
  memberFacing: true,
  inline: true,
  async apply(trx, event) {
    const userId = userStreams.idOf(event.streamName);
    if (event.type === 'UserDeleted') {
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      return;
    }
    await trx
      .updateTable('sessions')
      .set({ revoked_at: event.occurredAt })
      .where('user_id', '=', userId)
      .where('created_at', '<=', event.occurredAt)
      .where('revoked_at', 'is', null)
      .execute();
  },
  // Every server instance drops its cached sessions (sessions plugin) at the commit of the append
  // that ended them, before its answer leaves: a session ended on one server is refused by all
  // from then on. Sent again at the runner's batch (and after a rebuild), which is harmless.
  // Names the accounts (after a rebuild, none: everyone's sessions).
  announce: (trx, events) => announceSessionsChanged(trx, events?.map((e) => userStreams.idOf(e.streamName)) ?? []),
  announcesAtAppend: true,
};
