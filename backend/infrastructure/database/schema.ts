import type { EventStoreTables } from '../event-store/postgres-event-store';
import type { ProjectionCheckpointsTable } from '../../projections/runner/checkpoints';
import type { UsersTable } from '../../projections/users/users-projection';
import type { PlatformTables } from './platform-tables';
import type { ContentTables } from './content-tables';

/** Every table the product queries; each table's row type sits beside its migration. */
export interface Database extends EventStoreTables, PlatformTables, ContentTables {
  projection_checkpoints: ProjectionCheckpointsTable;
  users: UsersTable;
}
