import { sql, type Kysely, type Transaction } from 'kysely';
import type { PromptHistoryEntryDto } from '../../application/contracts/ai-config';
import type { Database } from '../../application/ports/database';
import { toIdeaSet } from './idea-sets-projection';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The admin's prompt history (GET /api/admin/idea-sets, back-office §2 Prompts tab): the most
 * recent idea sets of all members (back-office §3 Idea set, admin view: the set with its
 * categories and ideas), newest first, with the member's current name and email from
 * the users read model (an idea set whose account is already gone from it, while the erasure
 * catches up, is left out). Read through the `idea_sets_created` index (2026_11_25_0034).
 */
export async function recentIdeaSets(db: Db, limit: number): Promise<PromptHistoryEntryDto[]> {
  const rows = await db
    .selectFrom('idea_sets')
    .innerJoin('users', 'users.id', 'idea_sets.owner_id')
    .selectAll('idea_sets')
    .select([
      'users.first_name',
      'users.last_name',
      'users.email',
      sql<number>`jsonb_array_length(idea_sets.ideas)`.as('idea_count'),
    ])
    .orderBy('idea_sets.created_at', 'desc')
    .orderBy('idea_sets.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toIdeaSet(row),
    ideaCount: Number(row.idea_count),
    userFirstName: row.first_name,
    userLastName: row.last_name,
    userEmail: row.email,
    configVersion: row.config_version ?? null,
  }));
}
