import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { keepAnEnabledAdmin, LastAdmin, type AdminCandidate } from './last-admin';

const onlyAdmin: AdminCandidate = { role: 'admin', disabled: false };
const disabledAdmin: AdminCandidate = { role: 'admin', disabled: true };
const member: AdminCandidate = { role: 'pro', disabled: false };

/** The refusal `keepAnEnabledAdmin` threw, or undefined when it let the change through. */
const refusal = (run: () => void): DomainError | undefined => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  return undefined;
};

describe('the last enabled admin', () => {
  it('is a conflict that names how the admin would be lost, or nothing when one deletes oneself', () => {
    expect(LastAdmin('demote')).toMatchObject({ code: 'last_admin', kind: 'conflict', data: { loss: 'demote' } });
    expect(LastAdmin('disable').data).toEqual({ loss: 'disable' });
    expect(LastAdmin('delete').data).toEqual({ loss: 'delete' });
    expect(LastAdmin()).toMatchObject({ code: 'last_admin', kind: 'conflict' });
    expect(LastAdmin().data).toEqual({});
    expect(LastAdmin().data).not.toHaveProperty('loss');
  });

  it('is never demoted, disabled or deleted, and the refusal says which was asked', () => {
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'demote', newRole: 'moderator' }, 0))?.data).toEqual({ loss: 'demote' });
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'demote', newRole: 'free' }, 0))?.data).toEqual({ loss: 'demote' });
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'disable' }, 0))?.data).toEqual({ loss: 'disable' });
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'delete' }, 0))?.data).toEqual({ loss: 'delete' });
  });

  it('deleting their own account is told they are the only admin, without naming the loss', () => {
    const error = refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'delete' }, 0, { self: true }));
    expect(error).toMatchObject({ code: 'last_admin', kind: 'conflict' });
    expect(error?.data).toEqual({});
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'delete' }, 0, { self: false }))?.data).toEqual({ loss: 'delete' });
  });

  it('may be "demoted" to admin: the role does not change, nothing is lost', () => {
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'demote', newRole: 'admin' }, 0))).toBeUndefined();
  });

  it('may go once one other enabled admin is left', () => {
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'demote', newRole: 'free' }, 1))).toBeUndefined();
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'disable' }, 1))).toBeUndefined();
    expect(refusal(() => keepAnEnabledAdmin(onlyAdmin, { loss: 'delete' }, 2))).toBeUndefined();
  });

  it('is not a disabled admin, nor a member: losing them loses nothing', () => {
    expect(refusal(() => keepAnEnabledAdmin(disabledAdmin, { loss: 'delete' }, 0))).toBeUndefined();
    expect(refusal(() => keepAnEnabledAdmin(disabledAdmin, { loss: 'demote', newRole: 'free' }, 0))).toBeUndefined();
    expect(refusal(() => keepAnEnabledAdmin(member, { loss: 'delete' }, 0))).toBeUndefined();
    expect(refusal(() => keepAnEnabledAdmin(member, { loss: 'disable' }, 0, { self: true }))).toBeUndefined();
    expect(refusal(() => keepAnEnabledAdmin({ role: 'moderator', disabled: false }, { loss: 'demote', newRole: 'free' }, 0))).toBeUndefined();
  });
});
