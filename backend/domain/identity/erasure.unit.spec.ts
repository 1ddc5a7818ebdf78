import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor, type Role } from '../shared/actor';
import { erasureDecider, erasureStreams, type MemberErased, type RecordErasure } from './erasure';

const spec = deciderSpec(erasureDecider);
const now = new Date('2026-11-25T10:00:00Z');
const memberId = 'user-ada';

const member = (role: Role = 'free'): Actor => ({ kind: 'user', userId: memberId, role });
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };
const moderator: Actor = { kind: 'user', userId: 'user-mod', role: 'moderator' };
const otherMember: Actor = { kind: 'user', userId: 'user-grace', role: 'pro' };
const sweep = systemActor('erasure-sweep');

const recordErasure = (actor: Actor, streamsErased = 7): RecordErasure => ({
  type: 'RecordErasure',
  data: { userId: memberId, streamsErased },
  metadata: { actor, now },
});
const erased = (by: 'member' | 'admin', streamsErased = 7): MemberErased => ({ type: 'MemberErased', data: { userId: memberId, streamsErased, by } });

describe('recording an erasure', () => {
  it('records the member erasing their own account as erased by the member', () => {
    spec.given([]).when(recordErasure(member())).then([erased('member')]);
  });

  it('records staff erasing their own account as the member too (it is their account)', () => {
    spec.given([]).when(recordErasure(member('admin'), 3)).then([erased('member', 3)]);
  });

  it('records an admin erasing someone else’s account as erased by an admin', () => {
    spec.given([]).when(recordErasure(admin, 2)).then([erased('admin', 2)]);
  });

  it('refuses another member, a moderator and the system a first erasure', () => {
    spec.given([]).when(recordErasure(otherMember)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'erase_member' } });
    spec.given([]).when(recordErasure(moderator)).thenThrows('forbidden', { data: { action: 'erase_member' } });
    spec.given([]).when(recordErasure(sweep)).thenThrows('forbidden', { data: { action: 'erase_member' } });
  });

  it('records a later pass (late writes swept) by the system as the first pass was asked', () => {
    spec.given([erased('member')]).when(recordErasure(sweep, 1)).then([erased('member', 1)]);
    spec.given([erased('admin')]).when(recordErasure(sweep, 1)).then([erased('admin', 1)]);
  });

  it('lets an admin run a later pass, still as the first was asked, and refuses any other member', () => {
    spec.given([erased('member')]).when(recordErasure(admin, 0)).then([erased('member', 0)]);
    spec.given([erased('member')]).when(recordErasure(otherMember)).thenThrows('forbidden', { data: { action: 'erase_member' } });
  });

  it('counts the passes and keeps who asked first', () => {
    spec.given([erased('admin'), erased('member', 1)]).thenState({ status: 'erased', userId: memberId, by: 'admin', passes: 2 });
  });
});

describe('the erasure stream', () => {
  it('is named by the erased account', () => {
    expect(erasureStreams.name(memberId)).toBe('erasure-user-ada');
    expect(erasureStreams.idOf('erasure-user-ada')).toBe(memberId);
  });
});
