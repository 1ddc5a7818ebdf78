import type { UserActor } from '../../domain/shared/actor';
import { UserNotFound } from '../../domain/identity/user';
import type { AccountExport } from '../contracts/account';
import type { Clock } from '../ports/system';

/**
 * What the export reads: the member's profile, then each slice's sections (`ideaSets`, `plans`,
 * …), each read by the member's id with the same reads the member's screens use, so nothing of
 * anyone else can come in. Answered by the account context module from every slice.
 */
export interface AccountExportReads {
  profile(userId: string): Promise<AccountExport['profile'] | undefined>;
}

/** A slice's sections of the export: the section's name and how to read the member's part. */
export type ExportSections = Readonly<Record<string, (member: UserActor) => Promise<unknown>>>;

/** `skilly-data-YYYY-MM-DD.json`, the UTC day of the export. */
export const exportFileName = (at: Date) => `skilly-data-${at.toISOString().slice(0, 10)}.json`;

/**
 * The personal data export (issue 31, beyond the spec): everything the product holds about the
 * member, as one JSON document: the profile, then every slice's sections (idea sets, plans each
 * with its history, support tickets with their messages, the credit statement, the subscription
 * and the payments, and whatever a slice added later).
 */
export function createAccountExport(deps: { clock: Clock; reads: AccountExportReads; sections: () => ExportSections }) {
  const { clock, reads, sections } = deps;
  return {
    async exportOf(member: UserActor): Promise<{ fileName: string; data: AccountExport }> {
      const now = clock.now();
      const profile = await reads.profile(member.userId);
      if (!profile) throw UserNotFound();
      const data: Record<string, unknown> = { exportedAt: now.toISOString(), profile };
      for (const [name, read] of Object.entries(sections())) data[name] = await read(member);
      return { fileName: exportFileName(now), data: data as AccountExport };
    },
  };
}

export type AccountExportService = ReturnType<typeof createAccountExport>;
