import { pictureUploadsEraser } from '../../application/pictures/picture-uploads';
import { idempotencyKeysEraser } from '../http/plugins/idempotency';
import { defineSlice } from './slice';
import { callers } from './callers';

/**
 * What every slice stands on, as a slice: the health and file routes, the event store's and the
 * runner's tables, and the plain tables of the platform's own (idempotency keys, picture uploads,
 * the copies of the read models a rebuild writes). Its services are the platform itself.
 */
export const platformSlice = defineSlice({
  name: 'platform',
  context: () => ({}),
  routeFolders: ['health', 'files'],
  erasers: (platform) => [
    idempotencyKeysEraser(platform.database.db),
    pictureUploadsEraser(platform.database.db),
    // Schema projection_rebuild: the copies of the read models a rebuild writes (or a dead one left).
    { tables: [], erase: ({ userId }) => platform.runner.eraseMemberFromShadowTables(userId) },
  ],
  tablesWithoutPersonalData: {
    events: 'the event store: a person’s streams are deleted whole (EventStore.deleteStream), their billing stream written again without them',
    projection_checkpoints: 'positions in the event log',
    projection_stream_versions: 'how far each inline projection has seen each stream (stream names and versions), forgotten with each stream',
    kysely_migration: 'the migrations run',
    kysely_migration_lock: 'the migrations’ lock',
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    getHealth: callers.everyone,
    getReadiness: callers.everyone,
    getHealthDetails: callers.admins,
    getFile: callers.everyone,
  },
});
