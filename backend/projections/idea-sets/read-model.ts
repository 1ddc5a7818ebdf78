import { defineReadModel } from '../runner/read-model';
import { ideaSetsConfigVersionMigration, ideaSetsMigration, ideaSetsProjection, type IdeaSetsTable } from './idea-sets-projection';

export const ideaSetsReadModel = defineReadModel({
  projection: ideaSetsProjection,
  migrations: {
    '2026_11_22_0009_idea_sets_read_model': ideaSetsMigration,
    '2026_11_25_0034_idea_sets_config_version': ideaSetsConfigVersionMigration,
  },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    idea_sets: IdeaSetsTable;
  }
}
