import type { PersonalDataEraser } from '../../application/account/personal-data';
import type { StreamOwnership } from '../../application/ports/stream-ownership';
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import type { UserActor } from '../../domain/shared/actor';
import type { ReadModel } from '../../projections/runner/read-model';
import type { Platform } from '../composition/platform';
import type { CallerOutcomes } from './callers';

/**
 * A slice: one bounded context (an aggregate or a few, their read models, their routes and
 * services) declared once, in its context module (`composition/<x>.ts`). The list of slices
 * (`slices/product-slices.ts`) is the only list a slice is added to: the composition root, the
 * projection runner, the migrations, the route loading, erasure, the export, the admin
 * statistics and the tests' fixtures (cross-member, fuzz, rebuild, erasure, export, deciders)
 * are all derived from it.
 *
 * `Gives` is what its context adds to the services (`{ plans: PlansService }`), `Needs` what it
 * takes from the slices before it (`{ credits: CreditsService }`), `Overrides` the adapters a
 * test may swap (`{ planGenerator?: PlanGenerator }`).
 */
export interface Slice<Gives extends object = object, Needs extends object = object, Overrides extends object = object> {
  /** Its name (`plans`), for errors and the tests' messages. */
  readonly name: string;
  /** Builds its services from the platform and what the slices listed before it gave. */
  context(platform: Platform, built: Needs, overrides: Overrides, product: ProductFacts): Gives | Promise<Gives>;
  /**
   * The read models its projections keep (inline or asynchronous); a function when one follows
   * what every slice declares (the erasure's stream owners, the statistics' activity).
   */
  readonly readModels?: readonly AnyReadModel[] | ((facts: SliceFacts) => readonly AnyReadModel[]);
  /** Its aggregates, each with a history reaching its busiest state (the decider specs). */
  readonly aggregates?: readonly AggregateEntry[];
  /** How to tell which member owns each of its streams (erasure deletes those streams). */
  readonly streamOwners?: readonly StreamOwnership[];
  /**
   * Its route folders: names under `http/routes/api/` (served under /api), or absolute paths (a
   * test's slice; `siteRouteFolder(name)`, a folder under `http/routes/site/`, served at the root).
   */
  readonly routeFolders?: readonly string[];
  /** The erasers of its plain tables (read models erase through their projection's `erase`). */
  erasers?(platform: Platform): readonly PersonalDataEraser[];
  /** Its plain tables that hold no personal data, and why. */
  readonly tablesWithoutPersonalData?: Readonly<Record<string, string>>;
  /** Its sections of the member's data export (`GET /api/user/export`), each read by the member. */
  exportSections?(gives: Gives, platform: Platform): Readonly<Record<string, (member: UserActor) => Promise<unknown>>>;
  /** Who may call each of its operations, by `operationId` (the role matrix; `callers.ts`). */
  readonly callers?: Readonly<Record<string, CallerOutcomes>>;
  /** Timers its services run where the projections run: started by the server and the worker, stopped by `close()`. */
  background?(gives: Gives): readonly BackgroundTask[];
  /**
   * Examples, for the tests: how a member makes one of each thing whose id its routes take,
   * through the API (answers the ids by kind: `{ plan, milestone, task }`, a kind being the
   * path segment before `{id}` in the singular, or an id field without `Id`). The cross-member,
   * fuzz, rebuild, erasure and export tests run every slice's examples.
   */
  memberExamples?(api: ExampleApi, made: Readonly<Record<string, string>>): Promise<Record<string, string>>;
}

/** One aggregate: its decider, a history leaving it in its busiest state, and whether its events are member activity. */
export interface AggregateEntry {
  readonly name: string;
  readonly decider: Decider<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate's
  readonly history: readonly DomainEvent[];
  /** Its events count as their actor's activity in the admin statistics (default true). */
  readonly countsAsActivity?: boolean;
}

export interface BackgroundTask {
  start(): void;
  stop(): Promise<void>;
}

/** A member's calls, as the examples make them: `call('POST', '/api/plans/generate', body)`. */
export interface ExampleApi {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an answer's JSON, read by the example
  /** A word no other test writes, for texts erasure must leave nowhere. */
  distinctive(prefix: string): string;
}

/** What a read model may follow from every slice. */
export interface SliceFacts {
  readonly streamOwners: readonly StreamOwnership[];
  /** Every event type the admin statistics count as activity. */
  readonly activityEventTypes: readonly string[];
}

/** What a context may read of the whole product (the account's erasure and export). */
export interface ProductFacts {
  readonly erasers: readonly PersonalDataEraser[];
  readonly tablesWithoutPersonalData: Readonly<Record<string, string>>;
  /** Every slice's export sections, in the slices' order (read once every context is built). */
  exportSections(): Readonly<Record<string, (member: UserActor) => Promise<unknown>>>;
}

export type AnyReadModel = ReadModel;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a slice of any services
export type AnySlice = Slice<any, any, any>;

/** Declares a slice; the types of `Gives`, `Needs` and `Overrides` come from its `context`. */
export function defineSlice<Gives extends object, Needs extends object = object, Overrides extends object = object>(
  slice: Slice<Gives, Needs, Overrides>,
): Slice<Gives, Needs, Overrides> {
  return slice;
}

/** The services of a list of slices: what each one's context gives, together. */
export type ServicesOf<Slices extends readonly AnySlice[]> = UnionToIntersection<GivesOf<Slices[number]>>;
/** The overrides of a list of slices, together. */
export type OverridesOf<Slices extends readonly AnySlice[]> = UnionToIntersection<OverridesOfSlice<Slices[number]>>;

type GivesOf<S> = S extends Slice<infer G, infer _N, infer _O> ? G : never;
type OverridesOfSlice<S> = S extends Slice<infer _G, infer _N, infer O> ? O : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
