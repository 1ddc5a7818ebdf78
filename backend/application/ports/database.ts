import type { ReadModelTables } from '../../projections/read-model-tables';
import type { AiSettingsTables } from '../ai/ai-settings';
import type { TrialTables } from '../ideas/trial-allowance';
import type { PlatformTables } from '../identity/platform-tables';
import type { ContentTables } from '../content/content-tables';

/**
 * Every table the application and the projections query (the event store's own tables are
 * the adapter's business). Infrastructure opens a `Kysely<Database>`; this type lives here so
 * that inner layers never import from `infrastructure/`.
 */
export interface Database extends ReadModelTables, PlatformTables, ContentTables, AiSettingsTables, TrialTables {}
