import { defineReadModel } from '../runner/read-model';
import { userSignupDaysMigration, type UserSignupDaysTable } from './signup-days';
import { adminUserIndexesMigration } from './admin-user-queries';
import { userPlanStatusesMigration, type UserPlanStatusesTable } from './active-plans';
import { usersConfirmedEmailMigration, usersGoogleIdMigration, usersMigration, usersProjection, type UsersTable } from './users-projection';

export const usersReadModel = defineReadModel({
  projection: usersProjection,
  migrations: {
    '2026_11_22_0003_users_read_model': usersMigration,
    '2026_11_23_0019_users_active_plans': userPlanStatusesMigration,
    '2026_11_25_0032_admin_users_indexes': adminUserIndexesMigration,
    '2026_11_28_0048_users_confirmed_email': usersConfirmedEmailMigration,
    '2026_12_01_0056_users_google_id': usersGoogleIdMigration,
    '2026_12_03_0068_users_signup_days': userSignupDaysMigration,
  },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    users: UsersTable;
    user_plan_statuses: UserPlanStatusesTable;
    user_signup_days: UserSignupDaysTable;
  }
}
