import { defineReadModel } from '../runner/read-model';
import { ideaSetsConfigVersionMigration, ideaSetsMigration, ideaSetsProjection, type IdeaSetsTable } from './idea-sets-projection';

export const ideaSetsReadModel = defineReadModel<{ idea_sets: IdeaSetsTable }>({
  projection: ideaSetsProjection,
  migrations: {
    '2026_11_22_0009_idea_sets_read_model': ideaSetsMigration,
    '2026_11_25_0034_idea_sets_config_version': ideaSetsConfigVersionMigration,
  },
});
