import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import { ideaSetDecider, ideaSetStreams, type CreateIdeaSet, type IdeaSetCreated } from './idea-set';

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
