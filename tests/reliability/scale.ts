/**
 * The reliability suite runs in two sizes: shortened in every `npm test` (CI), full with
 * `npm run test:reliability` (RELIABILITY_FULL=1, on the PostgreSQL server). Each part takes
 * its sizes from here, and reports its cases and failures through `reportPart`.
 */
export const fullRun = process.env.RELIABILITY_FULL === '1';

export const scale = <T>(short: T, full: T): T => (fullRun ? full : short);

/** One line per part: what it ran and how many cases failed, for the closing figures. */
export function reportPart(part: string, cases: number, failures: number, details = ''): void {
  console.log(`[reliability] ${part}: ${cases} cases, ${failures} failures${details ? ` (${details})` : ''}`);
}
