import { describe, expect, it } from 'vitest';
import { startOfAll, type AllPosition } from '../../application/ports/event-store';
import { ReadModelsBehind } from './inline-projections';

const at = (commit: number): AllPosition => ({ commit, prepare: commit });

describe('ReadModelsBehind: what a write waits for', () => {
  it('waits for nothing when no append left a read model behind', () => {
    const behind = new ReadModelsBehind();
    expect(behind.noneUpTo(at(10))).toBe(true);
    expect(behind.reached(at(10), () => startOfAll)).toBe(true);
  });

  it('waits for the projections an earlier append left behind, until each has passed that append', () => {
    const behind = new ReadModelsBehind();
    behind.add(at(5), ['users', 'billing']);
    expect(behind.noneUpTo(at(4))).toBe(true);
    expect(behind.noneUpTo(at(5))).toBe(false);
    const positions = new Map<string, AllPosition>([['users', at(7)]]);
    const reachedBy = (name: string) => positions.get(name) ?? startOfAll;
    // A write at 4 came before the append left behind: it does not wait for it.
    expect(behind.reached(at(4), reachedBy)).toBe(true);
    expect(behind.reached(at(9), reachedBy)).toBe(false);
    positions.set('billing', at(5));
    expect(behind.reached(at(9), reachedBy)).toBe(true);
    // Reached entries are forgotten.
    expect(behind.noneUpTo(at(9))).toBe(true);
  });

  it('keeps at most its limit of entries, the oldest going first', () => {
    const behind = new ReadModelsBehind();
    for (let i = 1; i <= ReadModelsBehind.LIMIT + 5; i++) behind.add(at(i), ['users']);
    expect(behind.noneUpTo(at(5))).toBe(true);
    expect(behind.noneUpTo(at(6))).toBe(false);
  });

  it('records nothing for an append that left no projection behind', () => {
    const behind = new ReadModelsBehind();
    behind.add(at(3), []);
    expect(behind.noneUpTo(at(3))).toBe(true);
  });
});
