import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { product } from '../../backend/infrastructure/slices/product-slices';

/**
 * Every aggregate is declared by a slice (`Slice.aggregates`, issue 50) with a history reaching
 * its busiest state; the decider specs below run on that list, so a new aggregate is covered by
 * declaring it in its slice.
 */
const domainFolder = path.resolve(import.meta.dirname, '../../backend/domain');
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(folder, entry.name))
    : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path.join(folder, entry.name)]
    : [],
  );
const isDecider = (value: unknown) => typeof value === 'object' && value !== null && ['initialState', 'decide', 'evolve', 'schemaVersions'].every((key) => key in value);
const aggregates = product.aggregates.map((aggregate) => [aggregate.name, aggregate] as const);

describe('the aggregates the slices declare', () => {
  it('include every decider exported under backend/domain: one missing from every slice fails here, named', async () => {
    const declared = new Set<unknown>(product.aggregates.map((aggregate) => aggregate.decider));
    const missing: string[] = [];
    for (const file of sourceFiles(domainFolder)) {
      const module: Record<string, unknown> = await import(file);
      for (const [name, value] of Object.entries(module)) {
        if (isDecider(value) && !declared.has(value)) missing.push(`${path.relative(domainFolder, file)}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(declared.size).toBe(product.aggregates.length);
  });

  it.each(aggregates)('%s: from its busiest state, refuses a command it does not know, never ignoring it silently', (_name, { decider, history }) => {
    const state = history.reduce(decider.evolve, decider.initialState);
    const unknown = { type: 'Unknown', data: {}, metadata: { actor: { kind: 'system', name: 'test' }, now: new Date() } };
    expect(() => decider.decide(unknown, state)).toThrow(/^Unhandled case: .*"Unknown"/);
  });

  it.each(aggregates)('%s: from its busiest state, refuses to fold an event type it does not know', (_name, { decider, history }) => {
    const state = history.reduce(decider.evolve, decider.initialState);
    expect(() => decider.evolve(state, { type: 'Unknown', data: {} })).toThrow(/^Unhandled case: .*"Unknown"/);
  });

  it.each(aggregates)('%s: its history folds without error, every event of it a type the decider writes', (_name, { decider, history }) => {
    for (const event of history) expect(Object.keys(decider.schemaVersions)).toContain(event.type);
    expect(() => history.reduce(decider.evolve, decider.initialState)).not.toThrow();
  });
});
