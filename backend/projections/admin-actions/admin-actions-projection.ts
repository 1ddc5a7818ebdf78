import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import { adminActionEventTypes, factsOf, type AdminActionDetails, type AdminActionEvent, type AdminActionFacts } from '../../domain/admin-actions/admin-action';
import { assertNever } from '../../domain/shared/domain-error';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';

/**
 * The admin actions that can be undone (issue 53), newest first: what was done, to whom, by
 * which admin, and whether and by whom it was undone. What an undo needs (the ids deleted, the
 * content as it stood) stays in the action's stream; a row keeps what the list shows.
 */
export interface AdminActionsTable {
  id: string;
  kind: string;
  admin_id: string | null;
  /** The member the action concerned (reset data, role change, disable; a deleted post's author); null for the others. Erased with them. */
  target_user_id: string | null;
  /** What the list words: the roles of a change, the counts of a reset or cleanup, the title of deleted content. */
  details: AdminActionFacts;
  taken_at: Date;
  undone_at: Date | null;
  undone_by: string | null;
}
export type AdminActionRow = Selectable<AdminActionsTable>;

export const adminActionsMigration: Migration = {
  async up(db) {
    await sql`
      create table admin_actions (
        id text primary key,
        kind text not null,
        admin_id text,
        target_user_id text,
        details jsonb not null,
        taken_at timestamptz not null,
        undone_at timestamptz,
        undone_by text
      )`.execute(db);
    await sql`create index admin_actions_taken on admin_actions (taken_at desc, id desc)`.execute(db);
  },
};

const targetOf = (action: AdminActionDetails) =>
  action.kind === 'reset-data' || action.kind === 'role-change' || action.kind === 'disable' ? action.userId
  : action.kind === 'blog-post-deletion' ? action.post.authorId
  : null;

const userIdOf = (event: RecordedEvent) => (event.actor.kind === 'user' ? event.actor.userId : null);

export function evolveAdminActionRow(row: AdminActionRow | null, recorded: RecordedEvent): AdminActionRow | null {
  const event = { type: recorded.type, data: recorded.data } as AdminActionEvent;
  switch (event.type) {
    case 'AdminActionTaken':
      return {
        id: event.data.actionId,
        kind: event.data.action.kind,
        admin_id: userIdOf(recorded),
        target_user_id: targetOf(event.data.action),
        details: factsOf(event.data.action),
        taken_at: new Date(event.data.takenAt),
        undone_at: null,
        undone_by: null,
      };
    case 'AdminActionUndone':
      return row && { ...row, undone_at: recorded.occurredAt, undone_by: userIdOf(recorded) };
    default:
      return assertNever(event);
  }
}

/** Inline: the admin who just acted or undid sees it in the list at once. One row per action stream. */
export const adminActionsProjection: Projection = rowProjection<AdminActionRow>({
  name: 'admin-actions',
  table: 'admin_actions',
  keyColumn: 'id',
  handles: adminActionEventTypes,
  memberFacing: false,
  inline: true,
  rowFollowsStream: true,
  rowKey: (event) => (event.data as { actionId: string }).actionId,
  evolve: evolveAdminActionRow,
  memberColumn: 'target_user_id',
});

type Db = Kysely<Database> | Transaction<Database>;

/** The newest `limit` actions. */
export function recentAdminActions(db: Db, limit: number): Promise<AdminActionRow[]> {
  return db.selectFrom('admin_actions').selectAll().orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findAdminAction(db: Db, id: string): Promise<AdminActionRow | undefined> {
  return db.selectFrom('admin_actions').selectAll().where('id', '=', id).executeTakeFirst();
}
