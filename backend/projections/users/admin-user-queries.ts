import { sql, type Expression, type Kysely, type Migration, type SqlBool, type Transaction, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { Role } from '../../domain/shared/actor';
import type { UserRow } from './users-projection';

/**
 * The admin Members tab's queries on the users read model (back-office §2 Members tab; issue 32):
 * a filtered, sorted page with its count, and every match in batches for the CSV export. Built to
 * stay fast at 100k members: every sort walks an index of `adminUserIndexesMigration` (its
 * columns, then the id, in one direction), and search is a prefix match that the
 * `text_pattern_ops` indexes answer.
 */

export type AdminUserSortKey = 'createdAt' | 'name' | 'email' | 'role' | 'ideasGenerated' | 'activePlans' | 'tokenUsage';

export interface AdminUsersFilter {
  /** The start of the first name, last name or email (any case), or a whole id. */
  search?: string;
  role?: Role;
}

export interface AdminUsersOrder {
  sort: AdminUserSortKey;
  order: 'asc' | 'desc';
}

/** The columns each sort orders by, before the id that makes the order total (constants: never input). */
const sortColumns: Record<AdminUserSortKey, readonly { expr: string; type: 'text' | 'timestamptz' | 'int' }[]> = {
  createdAt: [{ expr: 'created_at', type: 'timestamptz' }],
  name: [
    { expr: 'lower(first_name)', type: 'text' },
    { expr: 'lower(last_name)', type: 'text' },
  ],
  email: [{ expr: 'email_normalised', type: 'text' }],
  role: [
    { expr: 'role', type: 'text' },
    { expr: 'created_at', type: 'timestamptz' },
  ],
  ideasGenerated: [{ expr: 'ideas_generated', type: 'int' }],
  activePlans: [{ expr: 'active_plans', type: 'int' }],
  tokenUsage: [{ expr: 'token_usage', type: 'int' }],
};

/** The indexes behind the Members tab: one per sort (its columns and the id), and prefix search on names and email. */
export const adminUserIndexesMigration: Migration = {
  async up(db) {
    const indexes = [
      'create index users_admin_created on users (created_at, id)',
      'create index users_admin_name on users (lower(first_name), lower(last_name), id)',
      'create index users_admin_email on users (email_normalised, id)',
      'create index users_admin_role_created on users (role, created_at, id)',
      'create index users_admin_ideas on users (ideas_generated, id)',
      'create index users_admin_plans on users (active_plans, id)',
      'create index users_admin_tokens on users (token_usage, id)',
      'create index users_first_name_prefix on users (lower(first_name) text_pattern_ops)',
      'create index users_last_name_prefix on users (lower(last_name) text_pattern_ops)',
      'create index users_email_prefix on users (email_normalised text_pattern_ops)',
    ];
    for (const index of indexes) await sql.raw(index).execute(db);
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matches(eb: ExpressionBuilder<Database, 'users'>, filter: AdminUsersFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.role) conditions.push(eb('role', '=', filter.role));
  const search = filter.search?.trim();
  if (search) {
    const prefix = likePrefix(search);
    conditions.push(
      eb.or([
        eb(sql`lower(first_name)`, 'like', prefix),
        eb(sql`lower(last_name)`, 'like', prefix),
        eb('email_normalised', 'like', prefix),
        eb('id', '=', search),
      ]),
    );
  }
  return eb.and(conditions);
}

function ordered(order: AdminUsersOrder) {
  const direction = sql.raw(order.order === 'asc' ? 'asc' : 'desc');
  return sql.join(
    [...sortColumns[order.sort].map(({ expr }) => sql`${sql.raw(expr)} ${direction}`), sql`id ${direction}`],
    sql`, `,
  );
}

/** One page of the members matching `filter` in `order`, and how many match in all. */
export async function pageAdminUsers(
  db: Db,
  filter: AdminUsersFilter,
  order: AdminUsersOrder,
  page: { page: number; pageSize: number },
): Promise<{ rows: UserRow[]; total: number }> {
  // A deep page skips its offset along the sort's index reading ids only (an index-only scan),
  // then reads the whole rows of the one page: never tens of thousands of rows from the heap.
  const pageIds = db
    .selectFrom('users')
    .select('id')
    .where((eb) => matches(eb, filter))
    .orderBy(ordered(order))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const count = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where((eb) => matches(eb, filter))
    .executeTakeFirst();
  const [ids, counted] = await Promise.all([pageIds, count]);
  const found = ids.length === 0 ? [] : await db.selectFrom('users').selectAll().where('id', 'in', ids.map(({ id }) => id)).execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap(({ id }) => byId.get(id) ?? []);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * Every member matching `filter` in `order`, `batchSize` at a time (keyset: each batch starts
 * after the last row of the one before, along the sort's index), for the CSV export.
 */
export async function* adminUserBatches(db: Db, filter: AdminUsersFilter, order: AdminUsersOrder, batchSize = 500): AsyncGenerator<UserRow[]> {
  const columns = sortColumns[order.sort];
  let after: { keys: string[]; id: string } | null = null;
  for (;;) {
    const position = after;
    const rows: (UserRow & Record<string, unknown>)[] = await db
      .selectFrom('users')
      .selectAll()
      .select(columns.map(({ expr }, i) => sql<string>`(${sql.raw(expr)})::text`.as(`sort_key_${i}`)))
      .where((eb) => matches(eb, filter))
      .$if(position !== null, (query) =>
        query.where(() => {
          const ours = sql.join([...columns.map(({ expr }) => sql.raw(expr)), sql.raw('id')]);
          const theirs = sql.join([...columns.map(({ type }, i) => sql`${position!.keys[i]}::${sql.raw(type)}`), sql`${position!.id}`]);
          return order.order === 'asc' ? sql<SqlBool>`(${ours}) > (${theirs})` : sql<SqlBool>`(${ours}) < (${theirs})`;
        }),
      )
      .orderBy(ordered(order))
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    after = { keys: columns.map((_, i) => String(last[`sort_key_${i}`])), id: last.id };
    yield rows.map((row) => {
      const copy: Record<string, unknown> = { ...row };
      for (let i = 0; i < columns.length; i += 1) delete copy[`sort_key_${i}`];
      return copy as UserRow;
    });
    if (rows.length < batchSize) return;
  }
}
