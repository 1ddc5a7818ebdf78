import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import {
  ABANDONED_CLAIM_MS,
  emailClaimDecider,
  emailClaimStreams,
  normaliseEmail,
  type ClaimEmail,
  type EmailClaimed,
  type EmailReleased,
  type ReleaseEmail,
} from './email-claim';

const spec = deciderSpec(emailClaimDecider);
const now = new Date('2026-03-01T10:00:00Z');
const actor: Actor = systemActor('signup');
/** When the earlier claims in `given` were made: long enough ago to count as abandoned. */
const longAgo = new Date(now.getTime() - 10 * ABANDONED_CLAIM_MS).toISOString();

const holder = 'user-ada';
const newcomer = 'user-grace';

const claimed = (userId: string, claimedAt = longAgo): EmailClaimed => ({
  type: 'EmailClaimed',
  data: { userId, claimedAt },
});
/** What a claim decided now records. */
const claimedNow = (userId: string) => claimed(userId, now.toISOString());
const released = (userId: string): EmailReleased => ({ type: 'EmailReleased', data: { userId } });

/** `holderUsesAddress`: the holder's account exists and its email is this address (the usual case). */
const claimEmail = (userId: string, holderUsesAddress = true): ClaimEmail => ({
  type: 'ClaimEmail',
  data: { userId, holderUsesAddress },
  metadata: { actor, now },
});
const releaseEmail = (userId: string): ReleaseEmail => ({
  type: 'ReleaseEmail',
  data: { userId },
  metadata: { actor, now },
});

describe('email claim stream', () => {
  it('is named "email-" followed by the digest, so no address appears in a stream name', () => {
    expect(emailClaimStreams.name('ab12')).toBe('email-ab12');
  });

  it('normalises an address by trimming and lower-casing it, so case variants share one claim', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(normaliseEmail('ADA@example.com')).toBe(normaliseEmail('ada@EXAMPLE.com'));
  });
});

describe('ClaimEmail', () => {
  it('claims a free address for the user, recording when', () => {
    spec.given([]).when(claimEmail(holder)).then([claimedNow(holder)]);
  });

  it('claims an address that its previous holder released', () => {
    spec.given([claimed(holder), released(holder)]).when(claimEmail(newcomer)).then([claimedNow(newcomer)]);
  });

  it('claims a released address at once, however recently it was claimed before', () => {
    spec
      .given([claimed(holder, now.toISOString()), released(holder)])
      .when(claimEmail(newcomer))
      .then([claimedNow(newcomer)]);
  });

  it('refuses an address another account holds and uses', () => {
    spec.given([claimed(holder)]).when(claimEmail(newcomer, true)).thenThrows('email_taken', { kind: 'conflict' });
  });

  it('does nothing when the same user claims the address again (a retried signup)', () => {
    spec.given([claimed(holder)]).when(claimEmail(holder)).thenNothingHappens();
  });

  it('does nothing on a repeated claim by the holder even if the holder is reported not using it (a retried email change)', () => {
    spec.given([claimed(holder)]).when(claimEmail(holder, false)).thenNothingHappens();
  });

  it('takes an abandoned claim over (holder never got an account, or moved to another address): releases it from the holder, then claims it', () => {
    spec
      .given([claimed(holder)])
      .when(claimEmail(newcomer, false))
      .then([released(holder), claimedNow(newcomer)]);
  });

  it('frees the old address of a member who moved to another one but never released it (a crash after the profile update)', () => {
    const signedUpLongAgo = claimed(holder, '2025-06-01T00:00:00.000Z');
    spec.given([signedUpLongAgo]).when(claimEmail(newcomer, false)).then([released(holder), claimedNow(newcomer)]);
  });

  it('refuses to take over a claim younger than ABANDONED_CLAIM_MS: its signup or email change may still be completing', () => {
    const recently = new Date(now.getTime() - ABANDONED_CLAIM_MS + 1).toISOString();
    spec.given([claimed(holder, recently)]).when(claimEmail(newcomer, false)).thenThrows('email_taken');
    spec.given([claimed(holder, now.toISOString())]).when(claimEmail(newcomer, false)).thenThrows('email_taken');
  });

  it('takes over a claim exactly ABANDONED_CLAIM_MS old', () => {
    const atLimit = new Date(now.getTime() - ABANDONED_CLAIM_MS).toISOString();
    spec
      .given([claimed(holder, atLimit)])
      .when(claimEmail(newcomer, false))
      .then([released(holder), claimedNow(newcomer)]);
  });

  it('never takes over from a holder that uses the address, however old the claim', () => {
    spec.given([claimed(holder, '2020-01-01T00:00:00.000Z')]).when(claimEmail(newcomer, true)).thenThrows('email_taken');
  });

  it('ignores holderUsesAddress when the address is free', () => {
    spec.given([]).when(claimEmail(newcomer, false)).then([claimedNow(newcomer)]);
  });
});

describe('ReleaseEmail', () => {
  it('releases the address held by the user', () => {
    spec.given([claimed(holder)]).when(releaseEmail(holder)).then([released(holder)]);
  });

  it('does nothing when another user asks to release it', () => {
    spec.given([claimed(holder)]).when(releaseEmail(newcomer)).thenNothingHappens();
  });

  it('does nothing when the address is free', () => {
    spec.given([]).when(releaseEmail(holder)).thenNothingHappens();
    spec.given([claimed(holder), released(holder)]).when(releaseEmail(holder)).thenNothingHappens();
  });

  it('does nothing when the former holder asks after a takeover', () => {
    spec.given([claimed(holder), released(holder), claimed(newcomer)]).when(releaseEmail(holder)).thenNothingHappens();
  });
});

describe('evolve: who holds the address', () => {
  it('starts free', () => {
    spec.given([]).thenState({ status: 'free' });
  });

  it('is claimed by the user of the last EmailClaimed, since its claimedAt', () => {
    spec.given([claimed(holder)]).thenState({ status: 'claimed', userId: holder, claimedAt: longAgo });
    spec.given([claimed(holder), released(holder), claimed(newcomer)]).thenState({ status: 'claimed', userId: newcomer });
  });

  it('is free after EmailReleased', () => {
    const state = [claimed(holder), released(holder)].reduce(emailClaimDecider.evolve, emailClaimDecider.initialState);
    expect(state).toEqual({ status: 'free' });
  });
});
