import { defineReadModel } from '../runner/read-model';
import { aiConfigProjection, aiConfigVersionsMigration, type AiConfigVersionsTable } from './ai-config-projection';

export const aiConfigReadModel = defineReadModel<{ ai_config_versions: AiConfigVersionsTable }>({
  projection: aiConfigProjection,
  migrations: { '2026_11_25_0033_ai_config_versions': aiConfigVersionsMigration },
});
