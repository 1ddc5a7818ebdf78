import { createHash } from 'node:crypto';
import { emailClaimDecider, emailClaimStreams, normaliseEmail } from '../../domain/identity/email-claim';
import { userDecider, userStreams, type UserState } from '../../domain/identity/user';
import { foldStream, handleCommand, type CommandContext } from '../event-sourcing/command-handler';
import type { EventStore } from '../ports/event-store';
import type { IdGenerator } from '../ports/system';

/** The email claim stream of an address is named by this digest (no address appears in a stream name). */
export const emailDigest = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** Whether two addresses are one account's address (the same claim stream). */
export const sameAddress = (a: string, b: string) => normaliseEmail(a) === normaliseEmail(b);

/**
 * The unique-email claims (`domain/identity/email-claim.ts`): one stream per address, so two
 * accounts asking for one address at once race on that stream and exactly one wins. Signup
 * claims before it registers the account; an email change claims the new address, updates the
 * profile, then releases the old one (`profile-service.ts`). A claim left behind by a crash
 * between those appends is taken over once it is `ABANDONED_CLAIM_MS` old and its holder does
 * not use the address.
 */
export function emailClaims(deps: { eventStore: EventStore; ids: IdGenerator }) {
  const { eventStore } = deps;

  /** The holder's account, read from its stream (the truth, not a read model that may lag). */
  async function accountOf(userId: string): Promise<UserState> {
    return foldStream(userDecider, await eventStore.readStream(userStreams.name(userId)));
  }

  /** The holder's account exists (not deleted) and its email is this address. */
  async function usesAddress(userId: string, email: string): Promise<boolean> {
    const account = await accountOf(userId);
    return (account.status === 'active' || account.status === 'disabled') && sameAddress(account.email, email);
  }

  return {
    /** Claims `email` for `userId`; `email_taken` (409) when another account holds it. Returns whether events were written. */
    async claim(email: string, userId: string, context: CommandContext): Promise<boolean> {
      const outcome = await handleCommand(
        deps,
        emailClaimDecider,
        emailClaimStreams.name(emailDigest(email)),
        async (state) => ({
          type: 'ClaimEmail' as const,
          data: { userId, holderUsesAddress: state.status === 'claimed' && (await usesAddress(state.userId, email)) },
        }),
        context,
      );
      return outcome.newEvents.length > 0;
    },

    /** Frees `email` if `userId` holds it (a release by anyone else writes nothing). */
    async release(email: string, userId: string, context: CommandContext): Promise<void> {
      await handleCommand(
        deps,
        emailClaimDecider,
        emailClaimStreams.name(emailDigest(email)),
        () => ({ type: 'ReleaseEmail' as const, data: { userId } }),
        context,
      );
    },
  };
}
