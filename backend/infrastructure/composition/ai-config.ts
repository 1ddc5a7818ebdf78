import { importLegacyAiSettings } from '../../application/ai/ai-config-store';
import { createAiConfigService } from '../../application/admin/ai-config-service';
import { editorNames, findAiConfigVersion, listAiConfigVersions } from '../../projections/ai-config/ai-config-queries';
import { recentIdeaSets } from '../../projections/idea-sets/prompt-history';
import { aiConfigOutcomes, aiConfigOutcomeWeeks } from '../../projections/ai-outcomes/ai-outcomes-queries';
import { aiOutcomesReadModel } from '../../projections/ai-outcomes/read-model';
import type { Platform } from './platform';
import { aiConfigDecider } from '../../domain/ai-config/ai-config';
import { aiConfigReadModel } from '../../projections/ai-config/read-model';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/**
 * The AI configuration as events (issue 33): the admin's versions, restore, preview and prompt
 * history. At start-up a configuration kept before versions existed is imported once as version 1.
 */
export async function aiConfigContext(platform: Platform) {
  const { database, eventStore, ids, clock, logger } = platform;
  const db = database.db;
  if (await importLegacyAiSettings({ db, eventStore, ids })) {
    logger.info('imported the AI configuration saved before versions as version 1');
  }
  return {
    aiConfig: createAiConfigService({
      db,
      eventStore,
      ids,
      clock,
      reads: {
        versions: () => listAiConfigVersions(db),
        version: (version) => findAiConfigVersion(db, version),
        names: (idList) => editorNames(db, idList),
        recentIdeaSets: (limit) => recentIdeaSets(db, limit),
        outcomes: () => aiConfigOutcomes(db),
        outcomeWeeks: () => aiConfigOutcomeWeeks(db),
      },
    }),
  };
}

/** The AI configuration's slice (its admin routes are in the `admin` folder). */
export const aiConfigSlice = defineSlice({
  name: 'ai-config',
  context: (platform) => aiConfigContext(platform),
  readModels: [aiConfigReadModel, aiOutcomesReadModel],
  aggregates: [
    {
      name: 'AI config',
      decider: aiConfigDecider,
      history: [{ type: 'AiConfigSaved', data: { version: 1, settings: { temperature: 1 }, changedFields: ['temperature'], restoredFrom: null, reason: null, savedBy: 'a', at: '2026-11-25T00:00:00.000Z' } }],
      // Staff's saves, not a member's activity.
      countsAsActivity: false,
    },
  ],
  tablesWithoutPersonalData: {
    ai_settings: 'the AI configuration; its last editor by account id only',
    ai_config_versions: 'the AI configuration versions; each editor by account id only (named when read, Deleted user once erased)',
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    // AI configuration as events (issue 33): a made-up version is a 404, an answer of its own.
    getAiConfig: callers.admins,
    saveAiConfig: callers.admins,
    listAiConfigVersions: callers.admins,
    getAiConfigVersion: callers.admins,
    restoreAiConfigVersion: callers.admins,
    previewAiPrompt: callers.admins,
    listPromptHistory: callers.admins,
    // Outcomes per configuration version (issue 53), and their CSV.
    getAiConfigOutcomes: callers.admins,
    exportAiConfigOutcomes: callers.admins,
  },
});
