import { defineReadModel } from '../runner/read-model';
import { erasureMigration, erasureProjection, type MemberErasuresTable, type MemberStreamsTable } from './erasure-projection';

export const erasureReadModel = defineReadModel<{ member_streams: MemberStreamsTable; member_erasures: MemberErasuresTable }>({
  projection: erasureProjection,
  migrations: { '2026_11_25_0030_erasure_read_model': erasureMigration },
});
