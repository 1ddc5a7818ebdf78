import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import type { Actor } from '../shared/actor';
import {
  actionToUndo,
  adminActionDecider,
  adminActionStream,
  initialAdminActionState,
  undoableUntil,
  type AdminActionCommand,
  type AdminActionEvent,
} from './admin-action';

const spec = deciderSpec(adminActionDecider);
const takenAt = new Date('2026-03-01T10:00:00.000Z');
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };
const otherAdmin: Actor = { kind: 'user', userId: 'user-admin-2', role: 'admin' };
const moderator: Actor = { kind: 'user', userId: 'user-mod', role: 'moderator' };
const action = { kind: 'role-change' as const, userId: 'user-ada', from: 'free' as const, to: 'pro' as const };
const days = (n: number) => new Date(takenAt.getTime() + n * 24 * 60 * 60 * 1000);

const record = (actor: Actor): AdminActionCommand => ({ type: 'RecordAdminAction', data: { actionId: 'a1', action }, metadata: { actor, now: takenAt } });
const undo = (actor: Actor, now: Date): AdminActionCommand => ({ type: 'UndoAdminAction', data: { actionId: 'a1' }, metadata: { actor, now } });
const taken: AdminActionEvent = { type: 'AdminActionTaken', data: { actionId: 'a1', takenAt: takenAt.toISOString(), action } };
const undone: AdminActionEvent = { type: 'AdminActionUndone', data: { actionId: 'a1' } };

describe('an admin action that can be undone (issue 53)', () => {
  it('is recorded by an admin, once, with when it was taken', () => {
    expect(adminActionStream.name('a1')).toBe('admin-action-a1');
    spec.given([]).thenState(initialAdminActionState);
    spec.given([]).when(record(admin)).then([taken]);
    spec.given([taken]).when(record(admin)).thenThrows('admin_action_exists', { kind: 'conflict' });
    spec.given([]).when(record(moderator)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'record_admin_action' } });
  });

  it('is undone by any admin within 30 days, to the last millisecond', () => {
    spec.given([taken]).when(undo(otherAdmin, days(1))).then([undone]);
    spec.given([taken]).when(undo(admin, days(30))).then([undone]);
    expect(undoableUntil(taken.data.takenAt).toISOString()).toBe(days(30).toISOString());
  });

  it('refuses a second undo, an undo after 30 days, an unknown action and a non-admin', () => {
    spec.given([taken, undone]).when(undo(admin, days(1))).thenThrows('admin_action_already_undone', { kind: 'conflict' });
    spec.given([taken]).when(undo(admin, new Date(days(30).getTime() + 1))).thenThrows('admin_action_undo_expired', { kind: 'conflict', data: { days: 30 } });
    spec.given([]).when(undo(admin, days(1))).thenThrows('admin_action_not_found', { kind: 'not_found' });
    spec.given([taken]).when(undo(moderator, days(1))).thenThrows('forbidden', { data: { action: 'undo_admin_action' } });
  });

  it('answers the action an admin may undo, as the application asks before compensating', () => {
    const state = [taken].reduce(adminActionDecider.evolve, adminActionDecider.initialState);
    expect(actionToUndo(state, admin, days(2))).toEqual({ status: 'taken', actionId: 'a1', takenAt: takenAt.toISOString(), action });
    const after = [taken, undone].reduce(adminActionDecider.evolve, adminActionDecider.initialState);
    expect(after.status).toBe('undone');
    expect(() => actionToUndo(after, admin, days(2))).toThrow(expect.objectContaining({ code: 'admin_action_already_undone' }));
  });
});
