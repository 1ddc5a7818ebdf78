import type { AiConfigOutcomeRow, AiConfigOutcomeWeek, PromptHistoryEntryDto } from '../contracts/ai-config';

/**
 * What the AI configuration service (`admin/ai-config-service.ts`) asks of the read models: the
 * saved versions (`projections/ai-config/ai-config-queries.ts`), members' names and the recent
 * idea sets (put together in `infrastructure/composition/ai-config.ts`).
 */

export interface AiConfigVersionRecord {
  version: number;
  settings: unknown;
  savedAt: Date;
  savedBy: string | null;
  changedFields: string[];
  restoredFrom: number | null;
  reason: string | null;
}

export interface AiConfigReads {
  versions(): Promise<AiConfigVersionRecord[]>;
  version(version: number): Promise<AiConfigVersionRecord | undefined>;
  /** Current names by account id; erased accounts are absent. */
  names(ids: string[]): Promise<Map<string, string>>;
  recentIdeaSets(limit: number): Promise<PromptHistoryEntryDto[]>;
  /** What each version led to, and week by week (`projections/ai-outcomes/ai-outcomes-queries.ts`). */
  outcomes(): Promise<AiConfigOutcomeRow[]>;
  outcomeWeeks(): Promise<AiConfigOutcomeWeek[]>;
}
