import type { StreamOwnership } from '../../application/ports/stream-ownership';
import { defineReadModel } from '../runner/read-model';
import { erasureMigration, erasureProjection, type MemberErasuresTable, type MemberStreamsTable } from './erasure-projection';

export interface ErasureTables {
  member_streams: MemberStreamsTable;
  member_erasures: MemberErasuresTable;
}

/** The erasure's read model, following the stream owners every slice declares. */
export const erasureReadModel = (owners: readonly StreamOwnership[]) =>
  defineReadModel({
    projection: erasureProjection(owners),
    migrations: { '2026_11_25_0030_erasure_read_model': erasureMigration },
  });

declare module '../../application/ports/database' {
  interface Database extends ErasureTables {}
}
