/**
 * The transactions a rebuild replays the log in, into its shadow tables: nobody reads what they
 * write until the swap, whose commit tells every server at once (`announce` with no events), so
 * what a projection would announce from a live batch it does not announce from these.
 */
const replaying = new WeakSet<object>();

/** Called by the rebuild for each transaction it replays events in. */
export function markReplaying(trx: object): void {
  replaying.add(trx);
}

/** Whether `trx` is a rebuild's replay into the shadow tables. */
export function isReplaying(trx: object): boolean {
  return replaying.has(trx);
}
