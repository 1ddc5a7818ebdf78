import type { AllPosition, RecordedEvent } from '../../application/ports/event-store';
import { startOfAll } from '../../application/ports/event-store';
import type { Projection } from './projection';

/** At most `size` pieces of work at once; the rest wait their turn, in the order they came. */
export class Lanes {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {
    if (size < 1) throw new Error(`lanes: at least 1, not ${size}`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The lane passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface ConcurrentReplay {
  projections: readonly Projection[];
  /** The next batch of the log after a position (empty at its end). */
  read(after: AllPosition): Promise<RecordedEvent[]>;
  /** Applies one batch to one projection (its own transaction). */
  apply(projection: Projection, events: RecordedEvent[]): Promise<void>;
  /** Batches applied at once, over all projections. */
  concurrency: number;
  /** Batches read ahead of the slowest projection. */
  readAhead?: number;
}

/**
 * A rebuild's replay with the database and this process both at work: the log is read once, a
 * batch ahead, and every projection takes each batch in the log's order on a chain of its own,
 * `concurrency` batches at a time over all of them. Projections of a rebuild write only their
 * own (shadow) tables and read no other projection's, so their chains need not wait for each
 * other; a projection still sees its events in order. The first failure stops the reading, and
 * is thrown once every batch already begun has ended (no transaction is left running).
 */
export async function replayConcurrently(order: ConcurrentReplay): Promise<{ replayed: number; position: AllPosition }> {
  const lanes = new Lanes(order.concurrency);
  const readAhead = order.readAhead ?? 2;
  const chains = new Map(order.projections.map((p) => [p.name, Promise.resolve()]));
  const batches: Promise<unknown>[] = [];
  let failure: { error: unknown } | undefined;
  let replayed = 0;
  let position = startOfAll;
  try {
    while (!failure) {
      const events = await order.read(position);
      if (events.length === 0) break;
      const batch = Promise.all(
        order.projections.map((projection) => {
          const next = chains.get(projection.name)!.then(() => (failure ? undefined : lanes.run(() => order.apply(projection, events))));
          chains.set(projection.name, next);
          return next;
        }),
      );
      batch.catch((error: unknown) => (failure ??= { error }));
      batches.push(batch);
      position = events[events.length - 1].position;
      replayed += events.length;
      if (batches.length > readAhead) await batches.shift()!.catch(() => undefined);
    }
  } finally {
    await Promise.allSettled([...chains.values()]);
  }
  if (failure) throw failure.error;
  return { replayed, position };
}
