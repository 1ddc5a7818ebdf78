import { describe, expect, it } from 'vitest';
import { addMonthsUtc, allowancesFor, creditKinds, creditTiers, monthlyAllowances, periodContaining, zeroCounts } from './allowances';

describe('monthly allowances (design §5)', () => {
  it('are one policy: free 1/2/3/5, pro 3/5/15/20', () => {
    expect(monthlyAllowances).toEqual({
      free: { idea: 1, plan: 2, milestone: 3, help: 5 },
      pro: { idea: 3, plan: 5, milestone: 15, help: 20 },
    });
  });

  it('periods start on the day the account opened, clamped in short months, never drifting', () => {
    const anchor = new Date('2026-01-31T12:00:00.000Z');
    expect(addMonthsUtc(anchor, 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonthsUtc(anchor, 2).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(addMonthsUtc(anchor, 12).toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(periodContaining(anchor, new Date('2026-03-01T00:00:00.000Z'))).toEqual({
      start: new Date('2026-02-28T12:00:00.000Z'),
      resetAt: new Date('2026-03-31T12:00:00.000Z'),
    });
    expect(periodContaining(anchor, anchor)).toEqual({ start: anchor, resetAt: new Date('2026-02-28T12:00:00.000Z') });
  });

  it('finds the period that contains any later moment, across years, to the millisecond', () => {
    const anchor = new Date('2026-01-31T12:00:00.000Z');
    const period = (start: string, resetAt: string) => ({ start: new Date(start), resetAt: new Date(resetAt) });
    // Day of month before the anchor's: still the previous month's period.
    expect(periodContaining(anchor, new Date('2027-03-15T00:00:00.000Z'))).toEqual(period('2027-02-28T12:00:00.000Z', '2027-03-31T12:00:00.000Z'));
    expect(periodContaining(anchor, new Date('2028-02-29T11:59:59.999Z'))).toEqual(period('2028-01-31T12:00:00.000Z', '2028-02-29T12:00:00.000Z'));
    expect(periodContaining(anchor, new Date('2028-02-29T12:00:00.000Z'))).toEqual(period('2028-02-29T12:00:00.000Z', '2028-03-31T12:00:00.000Z'));
    const june = new Date('2026-06-10T08:30:00.000Z');
    expect(periodContaining(june, new Date('2030-05-10T08:30:00.000Z'))).toEqual(period('2030-05-10T08:30:00.000Z', '2030-06-10T08:30:00.000Z'));
    expect(periodContaining(june, new Date('2031-01-01T00:00:00.000Z'))).toEqual(period('2030-12-10T08:30:00.000Z', '2031-01-10T08:30:00.000Z'));
  });

  it('puts a moment before the anchor (a clock set back) in the first period, never an earlier one', () => {
    const anchor = new Date('2026-03-10T12:00:00.000Z');
    expect(periodContaining(anchor, new Date('2026-03-10T11:00:00.000Z'))).toEqual({ start: anchor, resetAt: new Date('2026-04-10T12:00:00.000Z') });
    expect(periodContaining(anchor, new Date('2025-12-25T00:00:00.000Z'))).toEqual({ start: anchor, resetAt: new Date('2026-04-10T12:00:00.000Z') });
  });

  it('counts months back as well as forward', () => {
    const anchor = new Date('2026-03-31T06:07:08.009Z');
    expect(addMonthsUtc(anchor, -1).toISOString()).toBe('2026-02-28T06:07:08.009Z');
    expect(addMonthsUtc(anchor, -15).toISOString()).toBe('2024-12-31T06:07:08.009Z');
    expect(addMonthsUtc(anchor, 0).toISOString()).toBe(anchor.toISOString());
  });

  it('gives each tier its allowance as a copy: changing it changes no policy', () => {
    expect(creditKinds).toEqual(['idea', 'plan', 'milestone', 'help']);
    expect(creditTiers).toEqual(['free', 'pro']);
    expect(allowancesFor('free')).toEqual({ idea: 1, plan: 2, milestone: 3, help: 5 });
    const pro = allowancesFor('pro');
    expect(pro).toEqual({ idea: 3, plan: 5, milestone: 15, help: 20 });
    pro.idea = 99;
    expect(monthlyAllowances.pro.idea).toBe(3);
    expect(allowancesFor('pro').idea).toBe(3);
  });

  it('counts from zero of every kind', () => {
    const counts = zeroCounts();
    expect(counts).toEqual({ idea: 0, plan: 0, milestone: 0, help: 0 });
    counts.help = 4;
    expect(zeroCounts().help).toBe(0);
  });

  it('puts every moment of four years in exactly one period: it starts at or before it, resets after it, and the next starts at that reset', () => {
    const anchor = new Date('2026-01-31T12:00:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    let previous = periodContaining(anchor, anchor);
    for (let moment = anchor.getTime(); moment < anchor.getTime() + 4 * 366 * day; moment += day / 2) {
      const now = new Date(moment);
      const period = periodContaining(anchor, now);
      expect(period.start.getTime()).toBeLessThanOrEqual(moment);
      expect(period.resetAt.getTime()).toBeGreaterThan(moment);
      if (period.start.getTime() !== previous.start.getTime()) expect(period.start).toEqual(previous.resetAt);
      previous = period;
    }
  });
});
