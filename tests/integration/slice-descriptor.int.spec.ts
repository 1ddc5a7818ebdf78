import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSlices } from '../../backend/infrastructure/slices/product-slices';
import type { AnySlice } from '../../backend/infrastructure/slices/slice';
import { noteStream } from '../fixtures/note-slice/note';
import { noteSlice } from '../fixtures/note-slice/note-slice';
import { createFuzzer } from '../reliability/fuzz-run';
import { crossMemberAccess } from '../reliability/cross-member-check';
import { expectRebuildsReproduceEveryTable } from '../support/rebuild-check';
import { ScriptedIdeaGenerator } from '../support/scripted-idea-generator';
import { leftAfterErasure, memberWithExamples, textsMissingFromExport } from '../support/slice-coverage';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 50 "Done when": a slice registered through its descriptor alone (tests/fixtures/note-slice:
 * one aggregate, one inline projection, routes taking its id) is covered by the cross-member,
 * fuzz, rebuild, erasure and export checks, the same code the product's own suites run, with no
 * list edited: the app below is the product's slices and the fixture's, and nothing else.
 */
const slices: readonly AnySlice[] = [...productSlices, noteSlice];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() }, slices);
}, 120_000);
afterAll(async () => t?.close());

const noteRoutes = ['GET /api/fixture-notes/{id}', 'PATCH /api/fixture-notes/{id}'];

describe('a slice added through its descriptor alone', () => {
  it('is composed: its service, its projection and table (migrated), and its routes with their audience and OpenAPI entries', async () => {
    expect(Object.keys(t.services)).toContain('fixtureNotes');
    expect(t.services.runner.projections.map((projection) => projection.name)).toContain('fixture-notes');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'fixture_notes'`.execute(t.services.database.db);
    expect(rows[0].n).toBe(1);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/fixture-notes/{id}'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(t.app.routeAudiences.get('GET /api/fixture-notes/:id')).toEqual(['free', 'pro']);
  });

  it('is covered by the cross-member check: another member gets 404 from both its routes with the owner’s note, and nothing changes', async () => {
    const { failures, routes, ids } = await crossMemberAccess(t);
    expect(ids.fixtureNote).toBeTruthy();
    expect(routes).toEqual(expect.arrayContaining(noteRoutes));
    expect(failures).toEqual([]);
  }, 120_000);

  it('is covered by the fuzz: its routes are fuzzed with a real note id (accepted ones included), no 5xx, refusals change nothing', async () => {
    const fuzzer = await createFuzzer(t);
    const { failures, statuses, operations, ids } = await fuzzer.run({ cases: 150, seed: 50, only: (operation) => operation.route.startsWith('/api/fixture-notes') });
    expect(operations.map((operation) => `${operation.method} ${operation.route}`).sort()).toEqual(['GET /api/fixture-notes/{id}', 'PATCH /api/fixture-notes/{id}', 'POST /api/fixture-notes']);
    expect(ids.fixtureNote).toBeTruthy();
    // The free member's cases with the note's id reach past "not found".
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 120_000);

  it('is covered by the rebuild check: its table, filled by its examples, is reproduced by a replay', async () => {
    await memberWithExamples(t);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from fixture_notes`.execute(t.services.database.db);
    expect(rows[0].n).toBeGreaterThan(0);
    // The other read models need more than examples to have rows (the product's own rebuild test makes them).
    await expectRebuildsReproduceEveryTable(t, { mustHaveRows: (projection) => projection.name === 'fixture-notes' });
  }, 180_000);

  it('is covered by the export and erasure checks: its section holds the member’s notes; deleting the account leaves no note, no text and no stream', async () => {
    const member = await memberWithExamples(t);
    const noteStreams = member.streams.filter((stream) => stream.startsWith(noteStream.prefix));
    expect(noteStreams).toHaveLength(1);
    const exported = await member.client.get('/api/user/export');
    const [written, edited] = member.examples.texts.slice(-2);
    expect(exported.body.fixtureNotes).toEqual([
      { id: noteStream.idOf(noteStreams[0]), text: edited, history: [{ type: 'NoteWritten', text: written }, { type: 'NoteEdited', text: edited }] },
    ]);
    expect(await textsMissingFromExport(member)).toEqual([]);

    expect(await leftAfterErasure(t, member)).toEqual({ texts: {}, streams: [] });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from fixture_notes where owner_id = ${member.userId}`.execute(t.services.database.db);
    expect(rows[0].n).toBe(0);
  }, 120_000);
});

describe('the checks fail for a slice that leaves out what they need', () => {
  let bare: TestApp;
  // The same slice without its stream owners and export section: its streams are never found for
  // erasure, and the export has nothing of it.
  const careless: AnySlice = { ...noteSlice, name: 'careless-notes', streamOwners: [], exportSections: undefined };
  beforeAll(async () => {
    bare = await startTestApp({}, {}, [...productSlices, careless]);
  }, 120_000);
  afterAll(async () => bare?.close());

  it('the export check names the texts missing, and the erasure check the texts left in the event store', async () => {
    const member = await memberWithExamples(bare);
    const noteTexts = member.examples.texts.slice(-2);
    expect(await textsMissingFromExport(member)).toEqual(noteTexts);
    const left = await leftAfterErasure(bare, member);
    expect(Object.keys(left.texts).sort()).toEqual([...noteTexts].sort());
  }, 120_000);
});
