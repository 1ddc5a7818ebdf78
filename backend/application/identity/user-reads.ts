import type { Selectable } from 'kysely';
import type { Database } from '../ports/database';

/** A member as the users read model holds them (the projection owns the table and its queries). */
export type UserRow = Selectable<Database['users']>;

/** The account lookups identity needs, answered by the users read model. */
export interface UserReads {
  byId(userId: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
}
