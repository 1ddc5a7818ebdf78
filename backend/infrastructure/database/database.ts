import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../application/ports/database';
import { soleRunnerLeases, type ProjectionLeases } from '../../projections/runner/projection-leases';
import { advisoryLeases } from './advisory-leases';

/** PostgreSQL type ids whose text form we read as JavaScript numbers on both drivers. */
const INT8 = 20;
const XID8 = 5069;
const NUMERIC = 1700;

/**
 * The one handle on PostgreSQL the app holds: Kysely for queries, plus what only the raw
 * driver can do (LISTEN, a dedicated connection for the event store's notifications).
 */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'server' | 'embedded';
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Sends NOTIFY on its own (on the server, over a dedicated connection, so it never waits
   * for the pool behind the writes it announces).
   */
  notify(channel: string): Promise<void>;
  /**
   * Leases for the projection runner (one active runner per projection): advisory locks on the
   * server, shared by every process; on the embedded database this process is the only one.
   */
  projectionLeases(): ProjectionLeases;
  /**
   * Sends a statement the app runs very often (the event store's appends) as a named prepared
   * statement from now on: on the server each connection parses and plans it once, then only
   * binds and executes it (about 1.2x the calls a second of the same statement unnamed, pgbench,
   * 16 clients). Matched by its exact text, as Kysely compiles it; on the embedded database, a
   * single session, nothing changes.
   */
  keepPrepared(text: string): void;
  close(): Promise<void>;
}

const toNumber = (value: string) => Number(value);

export async function openServerDatabase(connectionString: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const typeParser = (oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === XID8 || oid === NUMERIC) return toNumber;
    return pg.types.getTypeParser(oid, format);
  };
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types: { getTypeParser: typeParser as never } });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  // Statement text -> its name on every connection (pg parses a named statement once per connection).
  const prepared = new Map<string, string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const name = typeof config === 'string' ? prepared.get(config) : undefined;
      return name ? query({ name, text: config, values: rest[0] }, ...rest.slice(1)) : query(config, ...rest);
    }) as typeof client.query;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  let notifier: Promise<pg.Client> | undefined;
  const connectNotifier = async () => {
    const client = new pg.Client({ connectionString });
    client.on('error', () => {
      notifier = undefined;
    });
    await client.connect();
    return client;
  };
  return {
    db,
    kind: 'server',
    projectionLeases: () => advisoryLeases(connectionString),
    keepPrepared(text) {
      if (!prepared.has(text)) prepared.set(text, `skilly_prepared_${prepared.size + 1}`);
    },
    async notify(channel) {
      notifier ??= connectNotifier();
      const pending = notifier;
      try {
        await (await pending).query('select pg_notify($1, $2)', [channel, '']);
      } catch (error) {
        // A broken connection is replaced on the next call.
        if (notifier === pending) notifier = undefined;
        void pending.then((client) => client.end()).catch(() => {});
        throw error;
      }
    },
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      client.on('error', () => {});
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    async close() {
      const client = notifier;
      notifier = undefined;
      await client?.then((c) => c.end()).catch(() => {});
      await db.destroy();
    },
  };
}

export interface EmbeddedOptions {
  /** Folder to persist into; `undefined` keeps everything in memory. */
  dataDir?: string;
  /** A data-dir tarball to start from (a migrated template), for fast test databases. */
  loadDataDir?: Blob;
  /** Allows two-phase commit (tests use it to hold a transaction open on the single connection). */
  maxPreparedTransactions?: number;
}

export async function createPGlite(options: EmbeddedOptions = {}): Promise<PGlite> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  return PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    startParams: options.maxPreparedTransactions
      ? [...defaults, '-c', `max_prepared_transactions=${options.maxPreparedTransactions}`]
      : undefined,
    parsers: { [INT8]: toNumber, [XID8]: toNumber, [NUMERIC]: toNumber },
  });
}

export async function openEmbeddedDatabase(pglite: PGlite): Promise<DatabaseHandle> {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'embedded',
    projectionLeases: () => soleRunnerLeases,
    keepPrepared() {},
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, (payload) => onNotify(payload ?? ''));
      return async () => {
        await unsubscribe();
      };
    },
    async notify(channel) {
      // Through Kysely, which queues it behind an open transaction on the single connection.
      await sql`select pg_notify(${channel}, '')`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
