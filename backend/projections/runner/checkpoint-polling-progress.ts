import type { Kysely } from 'kysely';
import { comparePositions, startOfAll, type AllPosition } from '../../application/ports/event-store';
import type { ProjectionProgress } from '../../application/ports/projection-progress';
import type { Database } from '../../application/ports/database';
import { readAllCheckpoints } from './checkpoints';
import type { ReadModelsBehind } from './inline-projections';
import type { Projection } from './projection';

/**
 * Read-your-writes when the projections run in a separate worker: watch their checkpoints.
 * With `behind` (the event store applies the inline projections), only for the appends of this
 * process that left a member-facing read model to the worker; most leave none and answer at once.
 */
export class CheckpointPollingProgress implements ProjectionProgress {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projections: readonly Projection[],
    private readonly intervalMs = 20,
    private readonly behind?: ReadModelsBehind,
  ) {}

  async waitFor(position: AllPosition, timeoutMs: number): Promise<boolean> {
    const names = this.projections.filter((p) => p.memberFacing).map((p) => p.name);
    const { behind } = this;
    if (behind && behind.noneUpTo(position)) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoints = await readAllCheckpoints(this.db);
      const at = (name: string) => checkpoints.get(name) ?? startOfAll;
      if (behind ? behind.reached(position, at) : names.every((n) => comparePositions(at(n), position) >= 0)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.intervalMs));
    }
  }
}
