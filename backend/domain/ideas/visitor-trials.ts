import { DomainError } from '../shared/domain-error';

/**
 * The visitor trial policy (design §5): without an account, idea generation may be tried
 * `perDay` times per IP address and UTC day, to keep AI cost in check. `perDay` is
 * configuration (`TRIAL_GENERATIONS_PER_DAY`, default `DEFAULT_TRIAL_GENERATIONS_PER_DAY`);
 * 0 switches trials off. Only successful generations count: the application takes a slot
 * before the AI is called and gives it back when the generation fails.
 */
export const DEFAULT_TRIAL_GENERATIONS_PER_DAY = 5;

/** The day a trial counts towards: its UTC date, `YYYY-MM-DD`. */
export const trialDayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Milliseconds until the next UTC midnight, when a visitor's trials begin again. */
export const untilNextTrialDay = (now: Date) =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();

/** Whether one more trial fits: trials are switched on and today's are not all used. */
export const mayTryAgain = (perDay: number, usedToday: number) => usedToday < perDay;

/** `perDay` 0 means trials are off (worded differently from a day's trials used up). */
export const TrialLimitReached = (perDay: number, now: Date) =>
  new DomainError('trial_limit', 'limit', { perDay, retryAfterMs: untilNextTrialDay(now) });
