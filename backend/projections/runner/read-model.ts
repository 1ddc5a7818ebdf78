import type { Migration } from 'kysely';
import type { Projection } from './projection';

/**
 * A read model as a slice declares it (`Slice.readModels`): its projection and the migrations
 * that create its tables. Its table types join `Database` where it is defined, by declaration
 * merging (`declare module '…/application/ports/database' { interface Database { … } }`).
 * Migration names start with the date they landed; a landed migration is never renamed or
 * edited, a change is a new entry.
 */
export interface ReadModel {
  projection: Projection;
  migrations: Readonly<Record<string, Migration>>;
}

export function defineReadModel(model: { projection: Projection; migrations?: Readonly<Record<string, Migration>> }): ReadModel {
  return { projection: model.projection, migrations: model.migrations ?? {} };
}
