import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The event types the code knows: every decider of backend/domain, found by its exports (an
 * exported object with decide, evolve and schemaVersions), so a new aggregate or a new event
 * type counts the moment its module exports it. The event catalogue's architecture test
 * (tests/architecture/event-catalogue.unit.spec.ts) and the reliability seed's coverage read it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const domain = path.join(root, 'backend/domain');

export interface FoundDecider {
  name: string;
  /** Relative to the repository's root. */
  module: string;
  schemaVersions: Record<string, unknown>;
}

function domainModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return domainModules(full);
    return /\.ts$/.test(entry.name) && !/\.(spec|test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

function isDecider(value: unknown): value is { schemaVersions: Record<string, unknown> } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.decide === 'function' &&
    typeof candidate.evolve === 'function' &&
    typeof candidate.schemaVersions === 'object' &&
    candidate.schemaVersions !== null
  );
}

export async function findDeciders(): Promise<FoundDecider[]> {
  const found: FoundDecider[] = [];
  for (const file of domainModules(domain)) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      // A module re-exporting another's decider would otherwise count it twice.
      if (isDecider(value) && !found.some((d) => d.schemaVersions === value.schemaVersions)) {
        found.push({ name, module: path.relative(root, file), schemaVersions: value.schemaVersions });
      }
    }
  }
  return found;
}

/** Every event type a decider writes, with the decider that writes it. */
export async function knownEventTypes(): Promise<{ type: string; decider: FoundDecider }[]> {
  return (await findDeciders()).flatMap((decider) => Object.keys(decider.schemaVersions).map((type) => ({ type, decider })));
}
