import { sql, type Expression, type Kysely, type Migration, type SqlBool, type Transaction, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { Role } from '../../domain/shared/actor';
import type { UserRow } from './users-projection';

/**
 * The admin Members tab's queries on the users read model (back-office §2 Members tab; issue 32):
 * a filtered, sorted page with its count, and every match in batches for the CSV export. Built to
 * stay fast at 100k members: every sort walks an index of `adminUserIndexesMigration` (its
 * columns, then the id, in one direction), and search is a prefix match that the
 * `text_pattern_ops` indexes answer; with no search, the count and a deep page in sign-up order
 * start from the sign-up counts per role and day (`signup-days.ts`).
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

/**
 * Where a page of the newest-first (or oldest-first) list of every member, or of one role,
 * starts: the sign-up day its first member joined on and how many of that day's come before it
 * (`user_signup_days`), so the page walks one day's members rather than every member before it.
 * Null when the offset is past the last member.
 */
async function signupDayOf(
  db: Db,
  role: Role | undefined,
  direction: 'asc' | 'desc',
  offset: number,
): Promise<{ day: string; skipInDay: number } | null> {
  const order = sql.raw(direction);
  const { rows } = await sql<{ day: string; before: string | number }>`
    select day::text as day, before from (
      select day, sum(members) over (order by day ${order}) - members as before, members
      from (select day, sum(members) as members from user_signup_days ${role ? sql`where role = ${role}` : sql``} group by day) by_day
      where members > 0
    ) days
    where before + members > ${offset}
    order by day ${order} limit 1`.execute(db);
  return rows[0] ? { day: rows[0].day, skipInDay: offset - Number(rows[0].before) } : null;
}

/** How many members match `filter`: the sign-up counts when no search narrows it, else counted. */
async function countMatching(db: Db, filter: AdminUsersFilter): Promise<number> {
  if (filter.search?.trim()) {
    const counted = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where((eb) => matches(eb, filter))
      .executeTakeFirst();
    return Number(counted?.n ?? 0);
  }
  const summed = await db
    .selectFrom('user_signup_days')
    .select(sql<string | number | null>`sum(members)`.as('n'))
    .$if(filter.role !== undefined, (query) => query.where('role', '=', filter.role!))
    .executeTakeFirst();
  return Number(summed?.n ?? 0);
}

/** One page of the members matching `filter` in `order`, and how many match in all. */
export async function pageAdminUsers(
  db: Db,
  filter: AdminUsersFilter,
  order: AdminUsersOrder,
  page: { page: number; pageSize: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const offset = (page.page - 1) * page.pageSize;
  const ids = await pageIds(db, filter, order, offset, page.pageSize);
  const [found, total] = await Promise.all([
    ids.length === 0 ? [] : db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),
    countMatching(db, filter),
  ]);
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total };
}

/**
 * The ids of one page, in order, read from the sort's index alone (an index-only scan); the
 * whole rows of the page are read after. In sign-up order with no search, the page starts at its
 * sign-up day (`signupDayOf`) and walks only that day's members before it; any other deep page
 * skips its offset along the sort's index.
 */
async function pageIds(db: Db, filter: AdminUsersFilter, order: AdminUsersOrder, offset: number, limit: number): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where((eb) => matches(eb, filter)).orderBy(ordered(order)).limit(limit);
  if (order.sort === 'createdAt' && !filter.search?.trim() && offset > 0) {
    const start = await signupDayOf(db, filter.role, order.order, offset);
    if (!start) return [];
    // The day's bounds in UTC, as the counts keep them.
    query =
      order.order === 'desc'
        ? query.where('created_at', '<', sql<Date>`(${start.day}::date + 1)::timestamp at time zone 'UTC'`)
        : query.where('created_at', '>=', sql<Date>`${start.day}::date::timestamp at time zone 'UTC'`);
    offset = start.skipInDay;
  }
  const rows = await query.offset(offset).execute();
  return rows.map(({ id }) => id);
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
