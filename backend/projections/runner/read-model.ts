import type { Migration } from 'kysely';
import type { Projection } from './projection';

/**
 * A read model as the product registers it (once, in `projections/registry.ts`): its projection,
 * the migrations that create its tables, and the type of those tables (table name → row type),
 * which becomes part of `Database`. Migration names start with the date they landed; a landed
 * migration is never renamed or edited, a change is a new entry.
 */
export interface ReadModel<Tables extends object> {
  projection: Projection;
  migrations: Readonly<Record<string, Migration>>;
  /** Carries the table types only; never set at run time. */
  readonly tableTypes?: Tables;
}

export function defineReadModel<Tables extends object = Record<never, never>>(model: {
  projection: Projection;
  migrations?: Readonly<Record<string, Migration>>;
}): ReadModel<Tables> {
  return { projection: model.projection, migrations: model.migrations ?? {} };
}

/** The tables of every read model in a list, as one type (the intersection of each one's tables). */
export type TablesOf<Models extends readonly ReadModel<object>[]> = UnionToIntersection<
  Models[number] extends infer M ? (M extends ReadModel<infer T> ? T : never) : never
>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
