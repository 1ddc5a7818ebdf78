import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsOf } from '../../backend/infrastructure/database/migrations';
import { product } from '../../backend/infrastructure/slices/product-slices';

const migrations = migrationsOf(product.readModels);
import { cliProcess } from '../support/cli-process';
import { usingServer } from '../support/database';

/** The names a `npm run cli -- migrate` run says it applied. */
function appliedBy(stdout: string): string[] {
  const line = stdout.split('\n').find((l) => l.startsWith('migrations:')) ?? '';
  if (line === 'migrations: up to date') return [];
  const match = /^migrations: applied (\d+): (.*)$/.exec(line);
  if (!match) throw new Error(`unexpected output: ${stdout}`);
  const names = match[2]!.split(' ');
  expect(names).toHaveLength(Number(match[1]));
  return names;
}

// Two processes sharing one database: the server, not PGlite (one process per data folder).
describe.skipIf(!usingServer())('migrations with two processes starting at once', () => {
  const migrate = cliProcess('migrate');
  const cli = migrate.cli;

  it('runs each migration exactly once, and a later run finds nothing to do', async () => {
    const [first, second] = await Promise.all([cli('migrate'), cli('migrate')]);
    const applied = [...appliedBy(first.stdout), ...appliedBy(second.stdout)];
    const all = Object.keys(migrations);
    // Every migration was run by one of the two, none by both.
    expect(applied.sort()).toEqual([...all].sort());

    const db = new pg.Client({ connectionString: migrate.env.DATABASE_URL });
    await db.connect();
    try {
      const rows = await db.query<{ name: string }>('select name from kysely_migration order by name');
      expect(rows.rows.map((r) => r.name)).toEqual([...all].sort());
    } finally {
      await db.end();
    }

    const again = await cli('migrate');
    expect(appliedBy(again.stdout)).toEqual([]);
  }, 120_000);
});
