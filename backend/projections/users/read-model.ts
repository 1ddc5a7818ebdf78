import { defineReadModel } from '../runner/read-model';
import { usersMigration, usersProjection, type UsersTable } from './users-projection';

export const usersReadModel = defineReadModel<{ users: UsersTable }>({
  projection: usersProjection,
  migrations: { '2026_11_22_0003_users_read_model': usersMigration },
});
