import { describe, expect, it } from 'vitest';
import { DomainError, NotAllowed, QuotaExceeded, ReasonRequired, assertNever } from './domain-error';

describe('a domain error', () => {
  it('carries a stable code, a kind and the facts, and no sentence (its message is the code, for logs)', () => {
    const error = new DomainError('idea_set_exists', 'conflict', { ideaSetId: 'set-1' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.message).toBe('idea_set_exists');
    expect(error).toMatchObject({ code: 'idea_set_exists', kind: 'conflict', data: { ideaSetId: 'set-1' } });
    expect(new DomainError('x', 'invalid').data).toEqual({});
  });

  it('says a spent allowance is a quota, and whether upgrading would help', () => {
    const error = new QuotaExceeded('idea_limit', true, { kind: 'idea' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error.name).toBe('QuotaExceeded');
    expect(error).toMatchObject({ code: 'idea_limit', kind: 'quota', upgradeRequired: true, data: { kind: 'idea' } });
    expect(new QuotaExceeded('plan_limit_pro', false).data).toEqual({});
  });

  it('names what was refused only when the wording depends on it', () => {
    expect(NotAllowed()).toMatchObject({ code: 'forbidden', kind: 'forbidden', data: {} });
    expect(NotAllowed().data).not.toHaveProperty('action');
    expect(NotAllowed('change_role').data).toEqual({ action: 'change_role' });
    expect(ReasonRequired()).toMatchObject({ code: 'reason_required', kind: 'invalid', data: {} });
  });

  it('has a guard for the cases a switch forgot, which names the case', () => {
    expect(() => assertNever('Surprise' as never)).toThrow(new Error('Unhandled case: "Surprise"'));
  });
});
