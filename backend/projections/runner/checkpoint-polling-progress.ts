import type { Kysely } from 'kysely';
import { comparePositions, startOfAll, type AllPosition } from '../../application/ports/event-store';
import type { ProjectionProgress } from '../../application/ports/projection-progress';
import type { Database } from '../../application/ports/database';
import { readAllCheckpoints } from './checkpoints';
import type { Projection } from './projection';

/** Read-your-writes when the projections run in a separate worker: watch their checkpoints. */
export class CheckpointPollingProgress implements ProjectionProgress {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projections: readonly Projection[],
    private readonly intervalMs = 20,
  ) {}

  async waitFor(position: AllPosition, timeoutMs: number): Promise<boolean> {
    const names = this.projections.filter((p) => p.memberFacing).map((p) => p.name);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoints = await readAllCheckpoints(this.db);
      if (names.every((n) => comparePositions(checkpoints.get(n) ?? startOfAll, position) >= 0)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.intervalMs));
    }
  }
}
