// The table type of `platform-links.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** Platform links an admin writes (`platform-links.ts`). */
export interface PlatformLinksTable {
  id: string;
  platform_name: string;
  category: string;
  url: string;
  logo_url: string | null;
  description: string | null;
  created_at: Date;
}

export interface PlatformLinkTables {
  platform_links: PlatformLinksTable;
}
