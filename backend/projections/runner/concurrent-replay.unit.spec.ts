import { describe, expect, it } from 'vitest';
import type { AllPosition, RecordedEvent } from '../../application/ports/event-store';
import type { Projection } from './projection';
import { Lanes, replayConcurrently } from './concurrent-replay';

const projection = (name: string) => ({ name, handles: ['E'], tables: [], memberFacing: false, apply: async () => undefined }) as Projection;

/** A log of `total` events read in batches of `size`, by position. */
function log(total: number, size: number) {
  const events = Array.from({ length: total }, (_, i) => ({ type: 'E', position: { commit: i + 1, prepare: i + 1 } }) as unknown as RecordedEvent);
  const reads: AllPosition[] = [];
  return {
    reads,
    read: async (after: AllPosition) => {
      reads.push(after);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return events.filter((e) => e.position.commit > after.commit).slice(0, size);
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));

describe('a rebuild replayed side by side (replayConcurrently)', () => {
  it('gives every projection every batch once, in the log order, and answers the events read and where they ended', async () => {
    const { read } = log(95, 10);
    const projections = ['a', 'b', 'c', 'd'].map(projection);
    const received = new Map<string, number[]>(projections.map((p) => [p.name, []]));
    const result = await replayConcurrently({
      projections,
      read,
      concurrency: 2,
      apply: async (p, events) => {
        await tick();
        received.get(p.name)!.push(...events.map((e) => e.position.commit));
      },
    });
    expect(result).toEqual({ replayed: 95, position: { commit: 95, prepare: 95 } });
    for (const p of projections) expect(received.get(p.name)).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
  });

  it('applies no more batches at once than its concurrency, and does apply several at once', async () => {
    const { read } = log(200, 10);
    let running = 0;
    let most = 0;
    await replayConcurrently({
      projections: ['a', 'b', 'c', 'd', 'e'].map(projection),
      read,
      concurrency: 3,
      apply: async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
      },
    });
    expect(most).toBe(3);
  });

  it('stops reading at the first failure, lets the batches begun end, then throws it', async () => {
    const { read, reads } = log(1000, 10);
    let running = 0;
    let applied = 0;
    const failure = new Error('a projection failed');
    const replay = replayConcurrently({
      projections: ['a', 'b'].map(projection),
      read,
      concurrency: 2,
      apply: async (p, events) => {
        running += 1;
        await tick();
        running -= 1;
        if (p.name === 'b' && events[0].position.commit === 31) throw failure;
        applied += 1;
      },
    });
    await expect(replay).rejects.toBe(failure);
    // Nothing is still at work when the failure reaches the caller, and the log was not read to its end.
    expect(running).toBe(0);
    const appliedThen = applied;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(applied).toBe(appliedThen);
    expect(reads.length).toBeLessThan(10);
  });
});

describe('Lanes', () => {
  it('runs the work waiting its turn in the order it came, and frees a lane whose work failed', async () => {
    const lanes = new Lanes(1);
    const order: number[] = [];
    const first = lanes.run(async () => {
      await tick();
      throw new Error('first fails');
    });
    const rest = [2, 3, 4].map((n) => lanes.run(async () => void order.push(n)));
    await expect(first).rejects.toThrow('first fails');
    await Promise.all(rest);
    expect(order).toEqual([2, 3, 4]);
  });
});
