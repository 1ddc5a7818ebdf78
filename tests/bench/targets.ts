/**
 * The targets of the performance issue (issue 35), each printed beside its measure: a figure,
 * the bound it must reach and whether it did. `npm run bench` collects every verdict, prints a
 * summary at the end, and exits non-zero only when a first-load budget is exceeded
 * (`budget: true`); the other targets are reported, not enforced.
 */
export interface Verdict {
  measure: string;
  value: number;
  unit: string;
  /** 'min': value must be ≥ target; 'max': value must be ≤ target. */
  bound: 'min' | 'max';
  target: number;
  met: boolean;
  /** A budget fails the bench run when missed. */
  budget: boolean;
}

const verdicts: Verdict[] = [];

/** Records and formats one verdict: `≥ 0.7× met` / `≤ 50 ms MISSED`. */
export function target(measure: string, value: number, bound: 'min' | 'max', targetValue: number, unit = '', budget = false): string {
  const met = Number.isFinite(value) && (bound === 'min' ? value >= targetValue : value <= targetValue);
  verdicts.push({ measure, value, unit, bound, target: targetValue, met, budget });
  return `(target ${bound === 'min' ? '≥' : '≤'} ${targetValue}${unit} ${met ? 'met' : 'MISSED'})`;
}

export function allVerdicts(): readonly Verdict[] {
  return verdicts;
}

/** Prints every verdict missed; answers whether a budget was exceeded. */
export function printSummary(): { budgetExceeded: boolean } {
  const missed = verdicts.filter((v) => !v.met);
  console.log(`targets: ${verdicts.length - missed.length} of ${verdicts.length} met`);
  for (const v of missed) {
    console.log(`  MISSED ${v.measure}: ${v.value}${v.unit}, target ${v.bound === 'min' ? '≥' : '≤'} ${v.target}${v.unit}${v.budget ? ' (budget)' : ''}`);
  }
  return { budgetExceeded: missed.some((v) => v.budget) };
}
