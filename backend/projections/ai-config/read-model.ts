import { defineReadModel } from '../runner/read-model';
import { aiConfigProjection, aiConfigVersionsMigration, type AiConfigVersionsTable } from './ai-config-projection';

export const aiConfigReadModel = defineReadModel({
  projection: aiConfigProjection,
  migrations: { '2026_11_25_0033_ai_config_versions': aiConfigVersionsMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    ai_config_versions: AiConfigVersionsTable;
  }
}
