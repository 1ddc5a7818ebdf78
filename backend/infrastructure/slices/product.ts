import path from 'node:path';
import type { Projection } from '../../projections/runner/projection';
import type { AggregateEntry, AnyReadModel, AnySlice, SliceFacts } from './slice';

/** Where a slice's route folder named without a path lives (its routes are served under /api). */
export const routesDir = path.resolve(import.meta.dirname, '../http/routes/api');

/**
 * Where the route folders served at the site's root live (`/sitemap.xml`, `/robots.txt`: what
 * crawlers ask for at fixed addresses, never under /api). A slice names one by its absolute path,
 * `siteRouteFolder('site-feeds')`; `buildApp` registers it without the /api prefix.
 */
export const siteRoutesDir = path.resolve(import.meta.dirname, '../http/routes/site');
export const siteRouteFolder = (name: string) => path.join(siteRoutesDir, name);
/** Whether a route folder's routes are served at the site's root (a folder under `routes/site/`) rather than under /api. */
export const servedAtRoot = (folder: string) => folder.startsWith(siteRoutesDir + path.sep);

/**
 * Everything derived from a list of slices: the read models (and so the projections, their
 * migrations and tables), the route folders, the aggregates, the stream owners and the
 * statistics' activity. Nothing here is listed by hand.
 */
export interface Product {
  readonly slices: readonly AnySlice[];
  readonly readModels: readonly AnyReadModel[];
  readonly projections: readonly Projection[];
  /** Absolute paths of every route folder, in the slices' order. */
  readonly routeFolders: readonly string[];
  readonly aggregates: readonly AggregateEntry[];
  readonly facts: SliceFacts;
}

export function productOf(slices: readonly AnySlice[]): Product {
  const names = slices.map((slice) => slice.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`Two slices are named "${twice}"`);
  const aggregates = slices.flatMap((slice) => slice.aggregates ?? []);
  const facts: SliceFacts = {
    streamOwners: slices.flatMap((slice) => slice.streamOwners ?? []),
    activityEventTypes: [
      ...new Set(aggregates.filter((aggregate) => aggregate.countsAsActivity !== false).flatMap((aggregate) => Object.keys(aggregate.decider.schemaVersions))),
    ],
  };
  const readModels = slices.flatMap((slice) => (typeof slice.readModels === 'function' ? slice.readModels(facts) : (slice.readModels ?? [])));
  return {
    slices,
    readModels,
    projections: readModels.map((model) => model.projection),
    routeFolders: slices.flatMap((slice) => (slice.routeFolders ?? []).map((folder) => (path.isAbsolute(folder) ? folder : path.join(routesDir, folder)))),
    aggregates,
    facts,
  };
}
