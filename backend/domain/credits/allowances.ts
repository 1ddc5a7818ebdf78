/**
 * The monthly credit allowances: the one policy for every screen and rule that needs them
 * (design §5, the member dashboard's reading of member-product §9). The ledger copies the
 * numbers into its events when a period starts, so changing them here affects new periods
 * only and never rewrites what a member was given before.
 */

export const creditKinds = ['idea', 'plan', 'milestone', 'help'] as const;
/** idea: one idea set; plan: one plan; milestone: the next milestone of a plan; help: one task help answer. */
export type CreditKind = (typeof creditKinds)[number];

export const creditTiers = ['free', 'pro'] as const;
export type CreditTier = (typeof creditTiers)[number];

export type CreditCounts = Record<CreditKind, number>;

export const monthlyAllowances: Record<CreditTier, CreditCounts> = {
  free: { idea: 1, plan: 2, milestone: 3, help: 5 },
  pro: { idea: 3, plan: 5, milestone: 15, help: 20 },
};

export const allowancesFor = (tier: CreditTier): CreditCounts => ({ ...monthlyAllowances[tier] });

export const zeroCounts = (): CreditCounts => ({ idea: 0, plan: 0, milestone: 0, help: 0 });

/**
 * `anchor` plus `months` calendar months in UTC, keeping the time of day; a day that the
 * target month lacks becomes its last day (31 January + 1 month = 28/29 February). Always
 * counted from the anchor, so a short month does not shift later periods.
 */
export function addMonthsUtc(anchor: Date, months: number): Date {
  const totalMonth = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(totalMonth / 12);
  const month = ((totalMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * The monthly credit period that contains `now` for an account opened at `anchor`: periods
 * start on the anchor's day of the month (clamped in short months), at its time of day.
 */
export function periodContaining(anchor: Date, now: Date): { start: Date; resetAt: Date } {
  // The anchor moved by the months between them lands in now's month, so the period after it
  // starts after now: the guess is right, or one month late when that day of the month is still ahead.
  let k = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth()));
  if (k > 0 && addMonthsUtc(anchor, k) > now) k--;
  return { start: addMonthsUtc(anchor, k), resetAt: addMonthsUtc(anchor, k + 1) };
}
