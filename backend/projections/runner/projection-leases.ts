/**
 * Who may run a projection: across every process on one database, each projection has one
 * active runner. A runner holds a projection's lease while it feeds it; a second runner (a
 * standby worker, a web server with in-process projections) finds it taken, waits, and takes it
 * over when the holder dies (its connection closes and the lease with it).
 *
 * The checkpoint row lock (`runBatch`) already makes a batch apply once whoever runs it; the
 * lease keeps the others from reading and racing for the same batches at all.
 */
export interface ProjectionLeases {
  /** Whether this process holds the projection's lease (no round trip). */
  holds(projection: string): boolean;
  /** Takes the projection's lease if it is free (or already ours); answers whether we hold it. */
  tryAcquire(projection: string): Promise<boolean>;
  /** Lets the projection's lease go, if held. */
  release(projection: string): Promise<void>;
  /** Lets every lease go (the runner stops). */
  releaseAll(): Promise<void>;
}

/** One process owns the database (the embedded one): every lease is always its own. */
export const soleRunnerLeases: ProjectionLeases = {
  holds: () => true,
  tryAcquire: async () => true,
  release: async () => {},
  releaseAll: async () => {},
};
