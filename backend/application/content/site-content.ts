import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../ports/database';

/**
 * One page's content an admin edits in place (homepage, company, contact): a row of
 * `site_content` under the page's key, holding only the current version. Each page's module
 * gives its key, its contract's schema, its defaults and its sanitiser.
 */
export interface SiteContentPage<T> {
  key: string;
  schema: z.ZodType<T>;
  defaults: T;
  /** Makes a saved content safe to store and serve (markup allowed or stripped per field). */
  sanitise: (content: T) => T;
}

/** The saved content, or the page's defaults when an admin has never saved one. */
export async function readSiteContent<T>(db: Kysely<Database>, page: SiteContentPage<T>): Promise<T> {
  const row = await db.selectFrom('site_content').select('content').where('key', '=', page.key).executeTakeFirst();
  if (!row) return page.defaults;
  const parsed = page.schema.safeParse(row.content);
  // Content saved before a schema change falls back to the defaults rather than breaking the page.
  return parsed.success ? parsed.data : page.defaults;
}

/** Sanitises and stores the page's content (replacing the previous version); answers what was stored. */
export async function saveSiteContent<T>(
  db: Kysely<Database>,
  page: SiteContentPage<T>,
  content: T,
  editor: { userId: string; now: Date },
): Promise<T> {
  const clean = page.sanitise(content);
  const values = { content: JSON.stringify(clean), updated_at: editor.now, updated_by: editor.userId };
  await db
    .insertInto('site_content')
    .values({ key: page.key, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
  return clean;
}
