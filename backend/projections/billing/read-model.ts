import { defineReadModel } from '../runner/read-model';
import { billingMigration, billingProjection, paymentAmountsInMinorUnitsMigration, type BillingAccountsTable, type PaymentsTable } from './billing-projection';

export const billingReadModel = defineReadModel({
  projection: billingProjection,
  migrations: {
    '2026_11_25_0026_billing_read_model': billingMigration,
    '2026_11_28_0051_payment_amounts_in_minor_units': paymentAmountsInMinorUnitsMigration,
  },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    billing_accounts: BillingAccountsTable;
    payments: PaymentsTable;
  }
}
