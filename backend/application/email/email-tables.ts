import { sql, type Kysely, type Migration } from 'kysely';
import { defaultEmailTemplates, emailTemplateKeys } from './email-templates';

/** Email templates (design §2: a plain table, only the current wording matters). */
export interface EmailTemplatesTable {
  /** The stable key the product sends by (`password-reset`). */
  id: string;
  name: string;
  subject: string;
  html_body: string;
  is_active: boolean;
  updated_at: Date;
  /** The admin who last saved it; null for the seeded wording. */
  updated_by: string | null;
}

export interface EmailTemplateTables {
  email_templates: EmailTemplatesTable;
}

/** The table, seeded with the emails the product sends (`emailTemplateKeys`) in their built-in wording. */
export const emailTemplatesMigration: Migration = {
  async up(untyped) {
    // A migration gets an untyped database; this one knows the table it has just created.
    const db = untyped as Kysely<EmailTemplateTables>;
    await sql`
      create table email_templates (
        id text primary key,
        name text not null,
        subject text not null,
        html_body text not null,
        is_active boolean not null default true,
        updated_at timestamptz not null,
        updated_by text
      )`.execute(db);
    const now = new Date();
    await db
      .insertInto('email_templates')
      .values(
        emailTemplateKeys.map((id) => ({
          id,
          name: defaultEmailTemplates[id].name,
          subject: defaultEmailTemplates[id].subject,
          html_body: defaultEmailTemplates[id].htmlBody,
          is_active: true,
          updated_at: now,
          updated_by: null,
        })),
      )
      .execute();
  },
};

/**
 * Issue 48: the welcome email carries the confirmation link and no name (the seeded wording is
 * replaced unless an admin saved their own), and the two emails of an email change are added:
 * the notice to the previous address and the confirmation to the new one (a fresh database has
 * them from the seed above already).
 */
/** The sign-in help a Google account gets from "Forgot password" (issue 52). */
export const googleSignInHelpEmailMigration: Migration = {
  async up(untyped) {
    const db = untyped as Kysely<EmailTemplateTables>;
    const added = defaultEmailTemplates['google-sign-in-help'];
    await db
      .insertInto('email_templates')
      .values({ id: 'google-sign-in-help', name: added.name, subject: added.subject, html_body: added.htmlBody, is_active: true, updated_at: new Date(), updated_by: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};

export const confirmationEmailsMigration: Migration = {
  async up(untyped) {
    const db = untyped as Kysely<EmailTemplateTables>;
    const now = new Date();
    const welcome = defaultEmailTemplates.welcome;
    await db
      .updateTable('email_templates')
      .set({ subject: welcome.subject, html_body: welcome.htmlBody, updated_at: now })
      .where('id', '=', 'welcome')
      .where('updated_by', 'is', null)
      .execute();
    for (const id of ['email-changed', 'email-confirmation'] as const) {
      const added = defaultEmailTemplates[id];
      await db
        .insertInto('email_templates')
        .values({ id, name: added.name, subject: added.subject, html_body: added.htmlBody, is_active: true, updated_at: now, updated_by: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  },
};
