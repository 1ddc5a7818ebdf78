import { sql, type ColumnType, type Migration, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { UserEvent } from '../../domain/identity/user';

/**
 * How many members of each role signed up on each day (UTC): the admin Members list's count and
 * the start of a deep page in its default order (newest first), without walking the members
 * before it (`pageAdminUsers`). At 100,000 members a count or an OFFSET walks the whole index
 * (10–30 ms); the days are a few hundred rows, and a page then walks at most one day's members.
 *
 * Kept by the users projection in the transaction that changes the rows (an append's, the
 * runner's or a rebuild's replay): each batch that may add, remove or re-role an account reads
 * those accounts' (role, day) before and after, and adds the difference. Only increments are
 * written (`members = members + n`), so two sign-ups of the same day committing together both
 * count.
 */
export interface UserSignupDaysTable {
  role: string;
  /** The UTC day of `users.created_at`, written as `yyyy-mm-dd` (read back as text: `day::text`). */
  day: ColumnType<Date, string, string>;
  members: number;
}

export const userSignupDaysMigration: Migration = {
  async up(db) {
    await sql`
      create table user_signup_days (
        role text not null,
        day date not null,
        members integer not null,
        primary key (role, day)
      )`.execute(db);
    await sql`
      insert into user_signup_days (role, day, members)
      select role, (created_at at time zone 'UTC')::date, count(*) from users group by 1, 2`.execute(db);
  },
};

/** The event types that can add, remove or re-role an account (the others leave its (role, day) as it is). */
export const signupDayEventTypes: readonly string[] = ['UserRegistered', 'UserRoleChanged', 'UserDeleted'] satisfies UserEvent['type'][];

export interface SignupPlace {
  role: string;
  createdAt: Date;
}

/** The role and sign-up time of these accounts, by id (an id without an account is missing). */
export async function signupPlacesOf(trx: Transaction<Database>, userIds: readonly string[]): Promise<Map<string, SignupPlace>> {
  if (userIds.length === 0) return new Map();
  const rows = await trx.selectFrom('users').select(['id', 'role', 'created_at']).where('id', 'in', [...userIds]).execute();
  return new Map(rows.map((row) => [row.id, { role: row.role, createdAt: new Date(row.created_at) }]));
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The change of each (role, day) count between the accounts' places before and after (zero changes left out). */
export function signupDayChanges(
  userIds: readonly string[],
  before: ReadonlyMap<string, SignupPlace>,
  after: ReadonlyMap<string, SignupPlace>,
): { role: string; day: string; members: number }[] {
  const changes = new Map<string, { role: string; day: string; members: number }>();
  const add = (place: SignupPlace | undefined, members: number) => {
    if (!place) return;
    const day = dayOf(place.createdAt);
    const key = `${place.role}\u0000${day}`;
    const change = changes.get(key) ?? { role: place.role, day, members: 0 };
    change.members += members;
    changes.set(key, change);
  };
  for (const id of new Set(userIds)) {
    add(before.get(id), -1);
    add(after.get(id), 1);
  }
  // In key order: two transactions changing the same days lock their rows in the same order.
  return [...changes.values()]
    .filter((change) => change.members !== 0)
    .sort((a, b) => (a.role === b.role ? a.day.localeCompare(b.day) : a.role.localeCompare(b.role)));
}

/** Adds the changes to the counts; a day and role left with no member goes (as a rebuild would never write it). */
export async function addSignupDayChanges(trx: Transaction<Database>, changes: readonly { role: string; day: string; members: number }[]) {
  if (changes.length === 0) return;
  await trx
    .insertInto('user_signup_days')
    .values([...changes])
    .onConflict((conflict) => conflict.columns(['role', 'day']).doUpdateSet({ members: sql`user_signup_days.members + excluded.members` }))
    .execute();
  const lowered = changes.filter((change) => change.members < 0);
  if (lowered.length === 0) return;
  await trx
    .deleteFrom('user_signup_days')
    .where('members', '=', 0)
    .where((eb) => eb.or(lowered.map((change) => eb.and([eb('role', '=', change.role), eb('day', '=', sql<Date>`${change.day}::date`)]))))
    .execute();
}

/**
 * Runs `apply` (which changes the rows of `userIds`), and moves the (role, day) counts by what
 * it changed.
 */
export async function countingSignupDays<T>(trx: Transaction<Database>, userIds: readonly string[], apply: () => Promise<T>): Promise<T> {
  const before = await signupPlacesOf(trx, userIds);
  const result = await apply();
  const after = await signupPlacesOf(trx, userIds);
  await addSignupDayChanges(trx, signupDayChanges(userIds, before, after));
  return result;
}
