import { defineReadModel } from '../runner/read-model';
import { billingRoleChecksMigration, billingRoleChecksProjection, type BillingRoleChecksTable } from './billing-role-checks-projection';

export const billingRoleChecksReadModel = defineReadModel({
  projection: billingRoleChecksProjection,
  migrations: { '2026_11_25_0027_billing_role_checks': billingRoleChecksMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    billing_role_checks: BillingRoleChecksTable;
  }
}
