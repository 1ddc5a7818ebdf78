import { defineReadModel } from '../runner/read-model';
import { billingRoleChecksMigration, billingRoleChecksProjection, type BillingRoleChecksTable } from './billing-role-checks-projection';

export const billingRoleChecksReadModel = defineReadModel<{ billing_role_checks: BillingRoleChecksTable }>({
  projection: billingRoleChecksProjection,
  migrations: { '2026_11_25_0027_billing_role_checks': billingRoleChecksMigration },
});
