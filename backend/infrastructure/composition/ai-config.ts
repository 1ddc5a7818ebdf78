import { importLegacyAiSettings } from '../../application/ai/ai-config-store';
import { createAiConfigService } from '../../application/admin/ai-config-service';
import { editorNames, findAiConfigVersion, listAiConfigVersions } from '../../projections/ai-config/ai-config-queries';
import { recentIdeaSets } from '../../projections/idea-sets/prompt-history';
import type { Platform } from './platform';

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
      },
    }),
  };
}
