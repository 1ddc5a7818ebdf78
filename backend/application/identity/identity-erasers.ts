import { sql, type Kysely } from 'kysely';
import type { ErasedPerson, PersonalDataEraser } from '../account/personal-data';
import type { Database } from '../ports/database';
import { announceSessionsChanged } from './sessions';

/**
 * Identity's plain tables, erased with the account (issue 31): sessions and reset links by the
 * account's id; throttled attempts and queued emails by every address the account used (they are
 * keyed by the address, whether or not an account has it).
 */
export function identityErasers(db: Kysely<Database>): PersonalDataEraser[] {
  return [
    {
      tables: ['sessions'],
      async erase({ userId }: ErasedPerson) {
        await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await announceSessionsChanged(db);
      },
    },
    {
      tables: ['password_reset_tokens'],
      async erase({ userId }: ErasedPerson) {
        await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
      },
    },
    {
      tables: ['email_link_tokens'],
      async erase({ userId }: ErasedPerson) {
        await db.deleteFrom('email_link_tokens').where('user_id', '=', userId).execute();
      },
    },
    {
      // A Google sign-in begun from the profile names the member; a link offer names them and their Google address.
      tables: ['google_sign_in_requests', 'google_link_offers'],
      async erase({ userId }: ErasedPerson) {
        await db.deleteFrom('google_sign_in_requests').where('user_id', '=', userId).execute();
        await db.deleteFrom('google_link_offers').where('user_id', '=', userId).execute();
      },
    },
    {
      tables: ['auth_attempts'],
      async erase({ emails }: ErasedPerson) {
        if (emails.length) await db.deleteFrom('auth_attempts').where('account', 'in', [...emails]).execute();
      },
    },
    {
      tables: ['email_outbox'],
      async erase({ emails }: ErasedPerson) {
        if (emails.length) await db.deleteFrom('email_outbox').where(sql<string>`lower(trim(recipient))`, 'in', [...emails]).execute();
      },
    },
  ];
}
