import pg from 'pg';
import type { ProjectionLeases } from '../../projections/runner/projection-leases';

/** The first key of every projection lease: the second is the projection's name, hashed by PostgreSQL. */
const LEASE_NAMESPACE = 'skilly.projection';

/**
 * Projection leases as PostgreSQL session-level advisory locks held on one dedicated connection
 * of this process: `pg_try_advisory_lock(hashtext('skilly.projection'), hashtext(name))`. When
 * the process dies or its connection breaks, PostgreSQL releases every lock it held, and another
 * process's next `tryAcquire` gets it. A broken connection loses every lease here too (the
 * runners stop applying until they acquire again over a new connection).
 */
export function advisoryLeases(connectionString: string): ProjectionLeases {
  let connection: Promise<pg.Client> | undefined;
  const held = new Set<string>();

  const connect = () => {
    connection ??= (async () => {
      const client = new pg.Client({ connectionString, application_name: 'skilly projection leases' });
      const lost = () => {
        held.clear();
        connection = undefined;
        void client.end().catch(() => {});
      };
      client.on('error', lost);
      client.on('end', () => {
        if (connection) lost();
      });
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
    return connection;
  };
  // One query at a time on the lease connection (every projection's runner asks through it).
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };
  const unlock = (client: pg.Client, projection: string) =>
    serially(() => client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', [LEASE_NAMESPACE, projection]));

  return {
    holds: (projection) => held.has(projection),
    async tryAcquire(projection) {
      if (held.has(projection)) return true;
      const client = await connect();
      const { rows } = await serially(() =>
        client.query<{ acquired: boolean }>('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as acquired', [LEASE_NAMESPACE, projection]),
      );
      const acquired = rows[0]?.acquired === true;
      if (acquired) held.add(projection);
      return acquired;
    },
    async release(projection) {
      if (!held.delete(projection) || !connection) return;
      await unlock(await connection, projection);
    },
    async releaseAll() {
      held.clear();
      const pending = connection;
      connection = undefined;
      // Closing the connection lets every lock it held go.
      await pending?.then((client) => client.end()).catch(() => {});
    },
  };
}
