import type { Command, Decider } from '../shared/decider';
import { DomainError, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

/**
 * One email address belongs to at most one account. Each address has its own stream, so
 * two signups with one address race on that stream's version and exactly one wins. The
 * stream is named by a digest of the normalised address (the application computes it), so
 * no address appears in a stream name.
 */
export const emailClaimStreams = defineStream('email');

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type EmailClaimed = { type: 'EmailClaimed'; data: { userId: string; claimedAt: string } };
export type EmailReleased = { type: 'EmailReleased'; data: { userId: string } };
export type EmailClaimEvent = EmailClaimed | EmailReleased;

/**
 * `holderUsesAddress`: whether the current holder's account exists and its email is this
 * address (the application reads the holder's stream). A holder that does not use the address
 * is either still completing (a signup before its account is written, an email change before
 * the profile is updated) or crashed between the appends (or moved to another address and
 * died before releasing this one). Once the claim is ABANDONED_CLAIM_MS old it may be taken
 * over; a younger one may still be completing.
 */
export type ClaimEmail = Command<'ClaimEmail', { userId: string; holderUsesAddress: boolean }>;
export type ReleaseEmail = Command<'ReleaseEmail', { userId: string }>;
export type EmailClaimCommand = ClaimEmail | ReleaseEmail;

export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: string; claimedAt: string };

export const ABANDONED_CLAIM_MS = 60_000;

export const EmailTaken = () => new DomainError('email_taken', 'conflict');

const claimed = (command: ClaimEmail): EmailClaimed => ({
  type: 'EmailClaimed',
  data: { userId: command.data.userId, claimedAt: command.metadata.now.toISOString() },
});

/** A holder not using the address whose claim is old enough abandoned it (a crash between two appends). */
const isAbandoned = (state: Extract<EmailClaimState, { status: 'claimed' }>, command: ClaimEmail) =>
  !command.data.holderUsesAddress && command.metadata.now.getTime() - Date.parse(state.claimedAt) >= ABANDONED_CLAIM_MS;

/** A free address is claimed; the holder claiming again is a retry; an abandoned claim is taken over. */
function claim(command: ClaimEmail, state: EmailClaimState): EmailClaimEvent[] {
  if (state.status === 'free') return [claimed(command)];
  if (state.userId === command.data.userId) return [];
  if (!isAbandoned(state, command)) throw EmailTaken();
  return [{ type: 'EmailReleased', data: { userId: state.userId } }, claimed(command)];
}

/** Only the holder's release frees the address. */
function release(command: ReleaseEmail, state: EmailClaimState): EmailClaimEvent[] {
  if (state.status !== 'claimed' || state.userId !== command.data.userId) return [];
  return [{ type: 'EmailReleased', data: { userId: command.data.userId } }];
}

export function decideEmailClaim(command: EmailClaimCommand, state: EmailClaimState): EmailClaimEvent[] {
  switch (command.type) {
    case 'ClaimEmail':
      return claim(command, state);
    case 'ReleaseEmail':
      return release(command, state);
    default:
      return assertNever(command);
  }
}

export function evolveEmailClaim(_state: EmailClaimState, event: EmailClaimEvent): EmailClaimState {
  switch (event.type) {
    case 'EmailClaimed':
      return { status: 'claimed', userId: event.data.userId, claimedAt: event.data.claimedAt };
    case 'EmailReleased':
      return { status: 'free' };
    default:
      return assertNever(event);
  }
}

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: { status: 'free' },
  decide: decideEmailClaim,
  evolve: evolveEmailClaim,
  schemaVersions: { EmailClaimed: 1, EmailReleased: 1 },
};
