import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { crossMemberAccess } from './cross-member-check';
import { reportPart } from './scale';

/** Cross-member access over the product's slices (the check: cross-member-check.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('cross-member access', () => {
  it("a second member gets 404 from every operation given the first member's ids, and nothing changes", { timeout: 120_000 }, async () => {
    const { cases, failures } = await crossMemberAccess(t);
    reportPart('cross-member access', cases, failures.length);
    expect(cases).toBeGreaterThanOrEqual(7);
    expect(failures).toEqual([]);
  });
});
