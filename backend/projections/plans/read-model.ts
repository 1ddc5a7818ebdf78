import { defineReadModel } from '../runner/read-model';
import { plansAddedTasksMigration, plansCompletedTasksMigration, plansMigration, plansShapeOutOfLineMigration, plansShapeStorageMigration, plansProjection, type PlanTasksTable, type PlansTable } from './plans-projection';

export const plansReadModel = defineReadModel({
  projection: plansProjection,
  migrations: {
    '2026_11_23_0018_plans_read_model': plansMigration,
    '2026_12_02_0062_plans_completed_tasks': plansCompletedTasksMigration,
    '2026_12_03_0069_plans_shape_storage': plansShapeStorageMigration,
    '2026_12_04_0071_plans_shape_out_of_line': plansShapeOutOfLineMigration,
    '2026_12_06_0073_plans_added_tasks_in_rows': plansAddedTasksMigration,
  },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    plans: PlansTable;
    plan_tasks: PlanTasksTable;
  }
}
