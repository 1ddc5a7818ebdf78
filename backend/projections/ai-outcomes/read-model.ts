import { defineReadModel } from '../runner/read-model';
import {
  aiOutcomesMigration,
  aiOutcomesProjection,
  type OutcomeAiCostsTable,
  type OutcomeIdeaSetsTable,
  type OutcomePlansTable,
  type OutcomePlanTasksTable,
  type OutcomeUpgradesTable,
} from './ai-outcomes-projection';

export const aiOutcomesReadModel = defineReadModel({
  projection: aiOutcomesProjection,
  migrations: { '2026_12_01_0059_ai_outcomes': aiOutcomesMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    outcome_idea_sets: OutcomeIdeaSetsTable;
    outcome_plans: OutcomePlansTable;
    outcome_plan_tasks: OutcomePlanTasksTable;
    outcome_upgrades: OutcomeUpgradesTable;
    outcome_ai_costs: OutcomeAiCostsTable;
  }
}
