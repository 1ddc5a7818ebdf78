import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIAL_GENERATIONS_PER_DAY, TrialLimitReached, mayTryAgain, trialDayOf, untilNextTrialDay } from './visitor-trials';

describe('the visitor trial policy', () => {
  it('allows five trials a day unless configured otherwise', () => {
    expect(DEFAULT_TRIAL_GENERATIONS_PER_DAY).toBe(5);
  });

  it('allows a trial while fewer than the day\'s number were used, none when switched off', () => {
    expect(mayTryAgain(5, 0)).toBe(true);
    expect(mayTryAgain(5, 4)).toBe(true);
    expect(mayTryAgain(5, 5)).toBe(false);
    expect(mayTryAgain(0, 0)).toBe(false);
  });

  it('counts trials per UTC day', () => {
    expect(trialDayOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(trialDayOf(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
  });

  it('says how long until the next day begins', () => {
    expect(untilNextTrialDay(new Date('2026-03-01T23:00:00.000Z'))).toBe(3_600_000);
    expect(untilNextTrialDay(new Date('2026-12-31T00:00:00.000Z'))).toBe(86_400_000);
  });

  it('refuses with trial_limit, a rate limit that ends at the next UTC midnight', () => {
    const error = TrialLimitReached(5, new Date('2026-03-01T22:30:00.000Z'));
    expect(error.code).toBe('trial_limit');
    expect(error.kind).toBe('limit');
    expect(error.data).toEqual({ perDay: 5, retryAfterMs: 5_400_000 });
  });
});
