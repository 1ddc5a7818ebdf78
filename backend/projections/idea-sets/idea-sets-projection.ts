import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import type { IdeaSet } from '../../application/contracts/ideas';
import type { RecordedEvent } from '../../application/ports/event-store';
import { ideaSetEventTypes, type IdeaSetCategory, type IdeaSetEvent, type IdeaSetIdea, type IdeaSetSource } from '../../domain/ideas/idea-set';
import { assertNever } from '../../domain/shared/domain-error';
import type { Database } from '../../application/ports/database';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';

/** Members' idea sets (GET /api/idea-sets): one row per set, found by its owner. */
export interface IdeaSetsTable {
  id: string;
  owner_id: string;
  skill: string;
  categories: IdeaSetCategory[];
  ideas: IdeaSetIdea[];
  personalized: boolean;
  source: IdeaSetSource;
  created_at: Date;
  /** The AI configuration version a generated set was made with; null when not recorded (since 2026_11_25_0034). */
  config_version: number | null;
}
export type IdeaSetRow = Selectable<IdeaSetsTable>;

export const ideaSetsMigration: Migration = {
  async up(db) {
    await sql`
      create table idea_sets (
        id text primary key,
        owner_id text not null,
        skill text not null,
        categories jsonb not null,
        ideas jsonb not null,
        personalized boolean not null,
        source text not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index idea_sets_owner on idea_sets (owner_id, created_at desc)`.execute(db);
  },
};

/** The configuration version of each generated set, and the admin's prompt history (newest sets of all members). */
export const ideaSetsConfigVersionMigration: Migration = {
  async up(db) {
    await sql`alter table idea_sets add column config_version integer`.execute(db);
    await sql`create index idea_sets_created on idea_sets (created_at desc, id desc)`.execute(db);
  },
};

export function evolveIdeaSetRow(_row: IdeaSetRow | null, recorded: RecordedEvent): IdeaSetRow | null {
  const event = { type: recorded.type, data: recorded.data } as IdeaSetEvent;
  switch (event.type) {
    case 'IdeaSetCreated':
      return {
        id: event.data.ideaSetId,
        owner_id: event.data.ownerId,
        skill: event.data.skill,
        categories: event.data.categories,
        ideas: event.data.ideas,
        personalized: event.data.personalized,
        source: event.data.source,
        created_at: recorded.occurredAt,
        config_version: event.data.configVersion ?? null,
      };
    case 'IdeaSetDeleted':
      return null;
    case 'IdeaSetRestored': {
      const set = event.data.set;
      return {
        id: set.ideaSetId,
        owner_id: set.ownerId,
        skill: set.skill,
        categories: set.categories,
        ideas: set.ideas,
        personalized: set.personalized,
        source: set.source,
        created_at: new Date(event.data.createdAt),
        config_version: set.configVersion ?? null,
      };
    }
    default:
      return assertNever(event);
  }
}

export const ideaSetsProjection: Projection = rowProjection<IdeaSetRow>({
  name: 'idea-sets',
  table: 'idea_sets',
  keyColumn: 'id',
  handles: ideaSetEventTypes,
  memberFacing: true,
  inline: true,
  rowKey: (event) => (event.data as { ideaSetId: string }).ideaSetId,
  evolve: evolveIdeaSetRow,
  memberColumn: 'owner_id',
});

type Db = Kysely<Database> | Transaction<Database>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function toIdeaSet(row: IdeaSetRow): IdeaSet {
  return {
    id: row.id,
    skill: row.skill,
    categories: json<IdeaSetCategory[]>(row.categories),
    ideas: json<IdeaSetIdea[]>(row.ideas),
    personalized: row.personalized,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The owner's sets, newest first. Only ever one member's: the owner is part of every query. */
export async function listIdeaSetsOf(db: Db, ownerId: string): Promise<IdeaSet[]> {
  const rows = await db
    .selectFrom('idea_sets')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toIdeaSet);
}

export async function findIdeaSetOf(db: Db, ownerId: string, id: string): Promise<IdeaSet | undefined> {
  const row = await db.selectFrom('idea_sets').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return row ? toIdeaSet(row) : undefined;
}

/** Where a page of idea sets ends: the last set's exact creation time (microseconds) and id. */
export interface IdeaSetPosition {
  createdAt: string;
  id: string;
}

/**
 * One page of the owner's sets, newest first, after `after` (keyset paging: stable while new
 * sets arrive), each with its position. `more` says whether sets follow the page.
 */
export async function pageIdeaSetsOf(
  db: Db,
  ownerId: string,
  page: { limit: number; after?: IdeaSetPosition },
): Promise<{ sets: { set: IdeaSet; position: IdeaSetPosition }[]; more: boolean }> {
  let query = db
    .selectFrom('idea_sets')
    .selectAll()
    .select(sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created_key'))
    .where('owner_id', '=', ownerId);
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}::timestamptz, ${id})`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit + 1).execute();
  return {
    sets: rows.slice(0, page.limit).map((row) => ({ set: toIdeaSet(row), position: { createdAt: row.created_key, id: row.id } })),
    more: rows.length > page.limit,
  };
}

/** Ids and owners of idea sets in id order after `after`, of one member when `ownerId` is given (the admin's content cleanup). */
export async function pageIdeaSetIds(
  db: Db,
  page: { after: string | null; limit: number; ownerId?: string },
): Promise<{ id: string; ownerId: string }[]> {
  let query = db.selectFrom('idea_sets').select(['id', 'owner_id']);
  if (page.ownerId !== undefined) query = query.where('owner_id', '=', page.ownerId);
  if (page.after !== null) query = query.where('id', '>', page.after);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id }));
}
