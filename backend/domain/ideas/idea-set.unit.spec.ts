import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import {
  ideaSetDecider,
  ideaSetStreams,
  type CreateIdeaSet,
  type DeleteIdeaSet,
  type IdeaSetCreated,
  type IdeaSetDeleted,
  type RestoreIdeaSet,
} from './idea-set';

const spec = deciderSpec(ideaSetDecider);
const now = new Date('2026-03-01T10:00:00Z');
const ada: Actor = { kind: 'user', userId: 'user-ada', role: 'free' };
const grace: Actor = { kind: 'user', userId: 'user-grace', role: 'pro' };
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };

const content = {
  ideaSetId: 'set-1',
  ownerId: 'user-ada',
  skill: 'Watercolour painting',
  categories: [{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }],
  ideas: [
    {
      id: 'fiverr-1',
      title: 'Custom pet portraits',
      subtitle: 'Pet owners pay for a painted keepsake',
      description: 'Paint pets from photos.',
      category: 'fiverr',
      industry: 'Pets',
      method: 'Fiverr gig packages',
      pricing: '$40-120 per portrait',
    },
  ],
  personalized: false,
  source: 'generated' as const,
};
const created: IdeaSetCreated = { type: 'IdeaSetCreated', data: content };
const create = (actor: Actor, overrides: Partial<CreateIdeaSet['data']> = {}): CreateIdeaSet => ({
  type: 'CreateIdeaSet',
  data: { ...content, ...overrides },
  metadata: { actor, now },
});

describe('idea sets', () => {
  it('live in "idea-set-{id}" streams', () => {
    expect(ideaSetStreams.name('42')).toBe('idea-set-42');
  });

  it('are created by their owner, with the skill trimmed', () => {
    spec.given([]).when(create(ada, { skill: '  Watercolour painting ' })).then([created]);
  });

  it('may be created by the system for a member', () => {
    spec.given([]).when(create(systemActor('test'))).then([created]);
  });

  it("cannot be created for another member, not even by an admin", () => {
    spec.given([]).when(create(grace)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'create_idea_set_for_another' } });
    spec.given([]).when(create(admin)).thenThrows('forbidden');
  });

  it('remember their id and owner once created', () => {
    spec.given([created]).thenState({ status: 'created', ideaSetId: 'set-1', ownerId: 'user-ada' });
  });

  it('are created once: the same id again is a conflict', () => {
    spec.given([created]).when(create(ada)).thenThrows('idea_set_exists', { kind: 'conflict' });
  });

  it('keep a member\'s personalised set personalised', () => {
    const personalised = { ...content, personalized: true };
    spec.given([]).when(create(ada, { personalized: true })).then([{ type: 'IdeaSetCreated', data: personalised }]);
  });

  it('are never personalised when they come from a visitor\'s trial, whatever the command claims', () => {
    const trial = { ...content, source: 'trial' as const, personalized: false };
    spec.given([]).when(create(ada, { source: 'trial', personalized: true })).then([{ type: 'IdeaSetCreated', data: trial }]);
  });

  it('need a skill and at least one idea', () => {
    spec.given([]).when(create(ada, { skill: '   ' })).thenThrows('skill_required', { kind: 'invalid' });
    spec.given([]).when(create(ada, { ideas: [] })).thenThrows('ideas_required', { kind: 'invalid' });
  });
});

describe('deleting an idea set', () => {
  const remove = (actor: Actor, reason = 'Reset by an admin'): DeleteIdeaSet => ({
    type: 'DeleteIdeaSet',
    data: { ideaSetId: 'set-1', reason },
    metadata: { actor, now },
  });
  const deleted: IdeaSetDeleted = { type: 'IdeaSetDeleted', data: { ideaSetId: 'set-1', reason: 'Reset by an admin' } };

  it('is done by an admin or the system, with the reason trimmed', () => {
    spec.given([created]).when(remove(admin, '  Reset by an admin ')).then([deleted]);
    spec.given([created]).when(remove(systemActor('test'))).then([deleted]);
  });

  it('is refused to members, the owner included', () => {
    spec.given([created]).when(remove(ada)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'delete_member_content' } });
    spec.given([created]).when(remove(grace)).thenThrows('forbidden');
  });

  it('needs a reason and a set that exists', () => {
    spec.given([created]).when(remove(admin, ' ')).thenThrows('reason_required');
    spec.given([]).when(remove(admin)).thenThrows('idea_set_not_found', { kind: 'not_found' });
  });

  it('writes nothing the second time, and the set cannot be created again', () => {
    spec.given([created, deleted]).thenState({ status: 'deleted', ideaSetId: 'set-1', ownerId: 'user-ada', set: created.data });
    spec.given([created, deleted]).when(remove(admin)).thenNothingHappens();
    spec.given([created, deleted]).when(create(ada)).thenThrows('idea_set_exists');
  });

  it('of a set never created leaves no set behind: folds stay total, and the set can still be created', () => {
    spec.given([deleted]).thenState({ status: 'none' });
    spec.given([deleted]).when(create(ada)).then([created]);
  });
});

describe('restoring a deleted idea set (issue 53: an admin undoes a reset or a cleanup)', () => {
  const createdAt = '2026-02-01T09:00:00.000Z';
  const restore = (actor: Actor, reason = 'Undo of an admin action'): RestoreIdeaSet => ({
    type: 'RestoreIdeaSet',
    data: { ideaSetId: 'set-1', reason, createdAt },
    metadata: { actor, now },
  });
  const deleted: IdeaSetDeleted = { type: 'IdeaSetDeleted', data: { ideaSetId: 'set-1', reason: 'Reset by an admin' } };

  it('brings the set back as it was created, with its creation time, and writes nothing twice', () => {
    const restored = { type: 'IdeaSetRestored' as const, data: { ideaSetId: 'set-1', reason: 'Undo of an admin action', set: created.data, createdAt } };
    spec.given([created, deleted]).when(restore(admin, ' Undo of an admin action ')).then([restored]);
    spec.given([created, deleted, restored]).thenState({ status: 'created', ideaSetId: 'set-1', ownerId: 'user-ada', set: created.data });
    spec.given([created, deleted, restored]).when(restore(admin)).thenNothingHappens();
    spec.given([created]).when(restore(systemActor('test'))).thenNothingHappens();
  });

  it('is refused to members, without a reason, and for a set never created', () => {
    spec.given([created, deleted]).when(restore(ada)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'restore_member_content' } });
    spec.given([created, deleted]).when(restore(admin, '')).thenThrows('reason_required');
    spec.given([]).when(restore(admin)).thenThrows('idea_set_not_found');
  });
});
