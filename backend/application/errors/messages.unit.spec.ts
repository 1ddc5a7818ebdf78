import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CreditLimitReached, InvalidAmount, PaidForRequired } from '../../domain/credits/credit-account';
import { NotYourIdeaSet } from '../../domain/ideas/idea-set';
import { DomainError, NotAllowed, ReasonRequired } from '../../domain/shared/domain-error';
import { TooManyAttempts } from '../identity/identity-service';
import { DailySaveLimitReached, TotalSaveLimitReached } from '../ideas/idea-set-saves';
import { TrialLimitReached } from '../ideas/trial-allowance';
import { formatDay, hasMessage, messageOf } from './messages';

const resetAt = '2026-04-01T10:00:00.000Z';

describe('the wording of refusals', () => {
  it('words a spent free allowance with the way out: upgrading', () => {
    expect(messageOf(CreditLimitReached('idea', 'free', 1, resetAt))).toBe(
      "You've reached your idea generation limit for this month. Upgrade to Pro for more.",
    );
    expect(messageOf(CreditLimitReached('help', 'free', 5, resetAt))).toBe(
      "You've reached your help request limit for this month. Upgrade to Pro for more.",
    );
  });

  it('words a spent pro allowance with the day the credits reset', () => {
    expect(messageOf(CreditLimitReached('plan', 'pro', 5, resetAt))).toBe(
      "You've reached your plan generation limit for this month. Your credits reset on 1 April 2026.",
    );
    expect(messageOf(CreditLimitReached('milestone', 'pro', 15, '2026-12-31T23:30:00.000Z'))).toBe(
      "You've reached your milestone generation limit for this month. Your credits reset on 31 December 2026.",
    );
  });

  it('formats days in UTC with the English month name', () => {
    expect(formatDay('2027-01-09T00:00:00.000Z')).toBe('9 January 2027');
    expect(formatDay('2026-02-28T23:59:59.000Z')).toBe('28 February 2026');
  });

  it('words a refusal by what was refused, or in general', () => {
    expect(messageOf(NotAllowed())).toBe('You are not allowed to do this');
    expect(messageOf(NotAllowed('change_role'))).toBe('Only an admin can change roles');
    expect(messageOf(NotAllowed('disable_user'))).toBe('Only an admin can disable accounts');
    expect(messageOf(NotAllowed('enable_user'))).toBe('Only an admin can enable accounts');
    expect(messageOf(NotYourIdeaSet())).toBe('You can only keep idea sets for your own account');
  });

  it('puts the facts of the error into the sentence', () => {
    expect(messageOf(ReasonRequired())).toBe('Please give a reason');
    expect(messageOf(InvalidAmount())).toBe('The amount must be a whole number from 1 to 1000');
    expect(messageOf(PaidForRequired('plan'))).toBe('A plan credit must name the planId it pays for');
    expect(messageOf(TooManyAttempts(1))).toBe('Too many failed sign-in attempts. Please try again in 1 second(s).');
    expect(messageOf(TooManyAttempts(59_001))).toBe('Too many failed sign-in attempts. Please try again in 60 second(s).');
    expect(messageOf(TooManyAttempts(60_000))).toBe('Too many failed sign-in attempts. Please try again in 1 minute(s).');
    const now = new Date('2026-03-01T22:00:00Z');
    expect(messageOf(DailySaveLimitReached(now))).toBe('You can save at most 20 idea sets a day. Please try again tomorrow.');
    expect(messageOf(TotalSaveLimitReached())).toBe(
      'You have saved 200 idea sets, the most an account can keep this way. Generate new ideas instead.',
    );
    expect(messageOf(TrialLimitReached(1, now))).toBe(
      "You've used your 1 free idea generation for today. Sign up for free to keep going, or come back tomorrow.",
    );
    expect(messageOf(TrialLimitReached(5, now))).toBe(
      "You've used your 5 free idea generations for today. Sign up for free to keep going, or come back tomorrow.",
    );
    expect(messageOf(TrialLimitReached(0, now))).toBe(
      'Trying ideas without an account is switched off. Sign up for free to generate ideas.',
    );
  });

  it('says something true, if vague, for a code it has no words for yet', () => {
    expect(messageOf(new DomainError('ticket_closed', 'conflict'))).toBe('This conflicts with what is already there');
    expect(messageOf(new DomainError('toString', 'not_found'))).toBe('Not found');
  });

  it('has words for every code and refused action the rules throw (a new code without them fails here)', () => {
    const backend = path.resolve(import.meta.dirname, '../..');
    const sources = readdirSync(backend, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('.spec.'))
      .map((file) => readFileSync(path.join(backend, file), 'utf8'));
    const codes = sources.flatMap((text) => [...text.matchAll(/new (?:DomainError|QuotaExceeded)\('([a-z_]+)'/g)].map((m) => m[1]));
    const actions = sources.flatMap((text) => [...text.matchAll(/(?:NotAllowed\(|'forbidden', \{ action: )'([a-z_]+)'/g)].map((m) => m[1]));
    expect(codes.length).toBeGreaterThan(20);
    expect(actions).toContain('enable_user');
    expect(codes.filter((code) => !hasMessage(code))).toEqual([]);
    const general = messageOf(NotAllowed());
    expect(actions.filter((action) => messageOf(NotAllowed(action)) === general)).toEqual([]);
  });
});
