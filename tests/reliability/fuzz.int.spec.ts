import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedIdeaGenerator } from '../support/scripted-idea-generator';
import { startTestApp, type TestApp } from '../support/test-app';
import { createFuzzer } from './fuzz-run';
import { reportPart, scale } from './scale';

/**
 * Issue 27 part 4: malformed and boundary requests generated from the OpenAPI document, for every
 * operation and every role (the run: fuzz-run.ts). No answer may be a 5xx (or no answer at all),
 * and a refused request may change nothing. FUZZ_SEED=<n> replays a run.
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CASES = scale(1_000, 10_000);

let t: TestApp;
let fuzzer: Awaited<ReturnType<typeof createFuzzer>>;
beforeAll(async () => {
  // Scripted ideas: the offline generator paces its stream like a model would, seconds a request.
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
  fuzzer = await createFuzzer(t);
}, 180_000);
afterAll(async () => t?.close());

describe('schema-driven fuzzing', () => {
  it(`${CASES} malformed and boundary requests: no 5xx, and a refused request changes nothing`, async () => {
    console.log(`[fuzz] seed ${seed} (replay with FUZZ_SEED=${seed})`);
    const { failures, statuses, operations, roles, ids } = await fuzzer.run({ cases: CASES, seed });
    expect(operations.length).toBeGreaterThan(10);
    expect(ids.task, 'a generated plan has a task to aim at').toBeTruthy();
    reportPart('fuzzing', CASES, failures.length, `seed ${seed}; ${operations.length} operations × ${roles.length} roles; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    if (failures.length) console.log(`[fuzz] seed ${seed}, failures:\n  ${failures.slice(0, 50).join('\n  ')}`);
    expect(failures, `seed ${seed}`).toEqual([]);
  }, scale(240_000, 1_800_000));
});
