import { sql, type Kysely, type Migration } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { PlatformLinkDto, PlatformLinkInput } from '../contracts/platforms';
import type { Database } from '../ports/database';
import type { PlatformLinksTable } from './platform-link-tables';

/**
 * Platform links (back-office §3 Resource link): a plain table (design §2), written by admins
 * from the Platforms tab, read by everyone on /faqs. No personal data: who wrote a link is not kept.
 */
export const platformLinksMigration: Migration = {
  async up(db) {
    await sql`
      create table platform_links (
        id text primary key,
        platform_name text not null,
        category text not null,
        url text not null,
        logo_url text,
        description text,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index platform_links_created_at on platform_links (created_at, id)`.execute(db);
  },
};

import type { PlatformSnapshot } from '../../domain/admin-actions/admin-action';

export const ResourceLinkNotFound = () => new DomainError('resource_link_not_found', 'not_found');

const toDto = (row: PlatformLinksTable): PlatformLinkDto => ({
  id: row.id,
  platformName: row.platform_name,
  category: row.category,
  url: row.url,
  logoUrl: row.logo_url,
  description: row.description,
  createdAt: row.created_at.toISOString(),
});

const columns = (input: PlatformLinkInput) => ({
  platform_name: input.platformName,
  category: input.category,
  url: input.url,
  logo_url: input.logoUrl,
  description: input.description,
});

/** The links an admin keeps, in the order they were added. */
export function platformLinks(db: Kysely<Database>, deps: { ids: { next(): string }; clock: { now(): Date } }) {
  return {
    async list(): Promise<PlatformLinkDto[]> {
      const rows = await db.selectFrom('platform_links').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toDto);
    },
    async add(input: PlatformLinkInput): Promise<PlatformLinkDto> {
      const row = { id: deps.ids.next(), ...columns(input), created_at: deps.clock.now() };
      await db.insertInto('platform_links').values(row).execute();
      return toDto(row);
    },
    async replace(id: string, input: PlatformLinkInput): Promise<PlatformLinkDto> {
      const row = await db.updateTable('platform_links').set(columns(input)).where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw ResourceLinkNotFound();
      return toDto(row);
    },
    /** Deletes the link; answers it as it stood, for an undo (issue 53). */
    async remove(id: string): Promise<PlatformSnapshot> {
      const row = await db.deleteFrom('platform_links').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw ResourceLinkNotFound();
      return toDto(row);
    },
    /** Puts a deleted link back as it stood (same id, place in the list); false when it is there already. */
    async restore(link: PlatformSnapshot): Promise<boolean> {
      const row = {
        id: link.id,
        platform_name: link.platformName,
        category: link.category,
        url: link.url,
        logo_url: link.logoUrl,
        description: link.description,
        created_at: new Date(link.createdAt),
      };
      const inserted = await db.insertInto('platform_links').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
