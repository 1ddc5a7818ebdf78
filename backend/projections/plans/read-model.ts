import { defineReadModel } from '../runner/read-model';
import { plansMigration, plansProjection, type PlanTasksTable, type PlansTable } from './plans-projection';

export const plansReadModel = defineReadModel<{ plans: PlansTable; plan_tasks: PlanTasksTable }>({
  projection: plansProjection,
  migrations: { '2026_11_23_0018_plans_read_model': plansMigration },
});
