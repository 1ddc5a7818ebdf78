import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { upcasters } from '../../backend/application/event-sourcing/upcasting';
import { findDeciders, type FoundDecider } from '../support/event-types';

/**
 * The event catalogue (docs/events.md) and the deciders' schema versions, kept together.
 * Deciders are found, not listed (tests/support/event-types.ts): every module under
 * backend/domain is imported and each exported object shaped like a `Decider` (decide, evolve,
 * schemaVersions) counts, so a new aggregate is covered the moment its module exports its decider.
 */
const root = path.resolve(import.meta.dirname, '../..');
const catalogue = path.join(root, 'docs/events.md');

const duplicateSections: string[] = [];

/** `### EventType` sections of docs/events.md: the body up to the next heading of level 2 or 3. */
function catalogueSections(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = markdown.split(/^(?=#{2,3} )/m);
  for (const part of parts) {
    const heading = /^### (\S+)\s*$/m.exec(part.split('\n')[0]!);
    if (heading && sections.has(heading[1]!)) duplicateSections.push(heading[1]!);
    if (heading) sections.set(heading[1]!, part);
  }
  return sections;
}

/** A section documents an event when its table has a `Type` row; its version is the `Schema version` row's number. */
const documentedType = (section: string) => /^\|\s*Type\s*\|\s*`([^`]+)`/m.exec(section)?.[1];
const documentedVersion = (section: string) => {
  const match = /^\|\s*Schema version\s*\|\s*(\d+)/m.exec(section);
  return match ? Number(match[1]) : undefined;
};

let deciders: FoundDecider[] = [];
let sections = new Map<string, string>();

beforeAll(async () => {
  deciders = await findDeciders();
  sections = catalogueSections(readFileSync(catalogue, 'utf8'));
});

const eventTypes = () => deciders.flatMap((d) => Object.keys(d.schemaVersions).map((type) => ({ type, decider: d })));

describe('the event catalogue', () => {
  it('finds the deciders of backend/domain by their exports', () => {
    // Five aggregates exist today (user, email claim, credit ledger, idea set, AI call); more only add to this.
    expect(deciders.length).toBeGreaterThanOrEqual(5);
    expect(deciders.map((d) => d.name)).toContain('userDecider');
  });

  it('gives every event type a decider writes a schema version that is a whole number from 1', () => {
    for (const decider of deciders) {
      expect(Object.keys(decider.schemaVersions).length, `${decider.name} (${decider.module}) lists no event type`).toBeGreaterThan(0);
      for (const [type, version] of Object.entries(decider.schemaVersions)) {
        expect(Number.isInteger(version) && (version as number) >= 1, `${type} in ${decider.name}: schema version ${String(version)}`).toBe(true);
      }
    }
  });

  it('has each event type written by one decider only (projections tell events apart by type)', () => {
    const owners = new Map<string, string[]>();
    for (const { type, decider } of eventTypes()) owners.set(type, [...(owners.get(type) ?? []), decider.name]);
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('documents every event type in docs/events.md with a section stating its current schema version', () => {
    const problems: string[] = [];
    for (const { type, decider } of eventTypes()) {
      const section = sections.get(type);
      if (!section) {
        problems.push(`${type} (${decider.module}): no "### ${type}" section in docs/events.md`);
        continue;
      }
      if (documentedType(section) !== type) problems.push(`${type}: its section has no "| Type | \`${type}\` |" row`);
      const version = documentedVersion(section);
      if (version !== decider.schemaVersions[type]) {
        problems.push(`${type}: docs/events.md says schema version ${version ?? 'nothing'}, ${decider.name} writes ${String(decider.schemaVersions[type])}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has one section per heading in docs/events.md', () => {
    expect(duplicateSections).toEqual([]);
  });

  it('documents no event type that no decider writes', () => {
    const written = new Set(eventTypes().map(({ type }) => type));
    const stale = [...sections.values()].map(documentedType).filter((type): type is string => type !== undefined && !written.has(type));
    expect(stale).toEqual([]);
  });

  it('can read every older schema version: an upcaster for each step below the current one, and none for unknown types', () => {
    const versions = new Map(eventTypes().map(({ type, decider }) => [type, decider.schemaVersions[type] as number]));
    const problems: string[] = [];
    for (const [type, current] of versions) {
      for (let from = 1; from < current; from++) {
        if (!upcasters.some((u) => u.type === type && u.fromVersion === from)) problems.push(`${type}: no upcaster from v${from} to v${from + 1}`);
      }
    }
    for (const upcaster of upcasters) {
      const current = versions.get(upcaster.type);
      if (current === undefined || upcaster.fromVersion >= current) {
        problems.push(`upcaster ${upcaster.type} v${upcaster.fromVersion}: no decider writes that type below v${current ?? '?'}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
