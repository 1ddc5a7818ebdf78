import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A `send` whose calls stay open until the test ends them, recording what each carried. */
function heldSends() {
  const calls: { items: number[]; end: (results?: string[]) => void; fail: (error: Error) => void }[] = [];
  let open = 0;
  let mostOpen = 0;
  const send = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      const settle = () => {
        open -= 1;
      };
      calls.push({
        items,
        end: (results) => {
          settle();
          resolve(results ?? items.map((i) => `done ${i}`));
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      });
    });
  return { calls, send, mostOpen: () => mostOpen };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('an item that arrives with a slot free goes at once, alone', async () => {
    const { calls, send } = heldSends();
    const group = new GroupCommit(send, { maxInFlight: 1, maxBatch: 10 });
    const answer = group.submit(1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0].end();
    expect(await answer).toBe('done 1');
  });

  it('items that wait while the slots are taken go together in the next call, in their order, each answered with its own result', async () => {
    const { calls, send } = heldSends();
    const group = new GroupCommit(send, { maxInFlight: 1, maxBatch: 10 });
    const answers = [1, 2, 3, 4].map((i) => group.submit(i));
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0].end();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1].end(['two', 'three', 'four']);
    expect(await Promise.all(answers)).toEqual(['done 1', 'two', 'three', 'four']);
  });

  it('never runs more than maxInFlight calls at once, nor puts more than maxBatch items in one', async () => {
    const { calls, send, mostOpen } = heldSends();
    const group = new GroupCommit(send, { maxInFlight: 2, maxBatch: 3 });
    const answers = Array.from({ length: 10 }, (_, i) => group.submit(i));
    expect(calls.map((c) => c.items)).toEqual([[0], [1]]);
    for (let k = 0; k < calls.length; k++) {
      calls[k].end();
      await tick();
    }
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 10 }, (_, i) => `done ${i}`));
    expect(mostOpen()).toBe(2);
    expect(calls.map((c) => c.items)).toEqual([[0], [1], [2, 3, 4], [5, 6, 7], [8, 9]]);
  });

  it('a call that fails rejects every item it carried, and the items after it still go', async () => {
    const { calls, send } = heldSends();
    const group = new GroupCommit(send, { maxInFlight: 1, maxBatch: 10 });
    const first = group.submit(1);
    const carried = [group.submit(2), group.submit(3)];
    calls[0].end();
    await tick();
    const after = group.submit(4);
    calls[1].fail(new Error('connection lost'));
    for (const answer of carried) await expect(answer).rejects.toThrow('connection lost');
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4]]);
    calls[2].end();
    expect(await first).toBe('done 1');
    expect(await after).toBe('done 4');
  });

  it('a call that answers the wrong number of results rejects its items instead of answering them wrongly', async () => {
    const { calls, send } = heldSends();
    const group = new GroupCommit(send, { maxInFlight: 1, maxBatch: 10 });
    const first = group.submit(1);
    const carried = [group.submit(2), group.submit(3)];
    calls[0].end();
    await tick();
    calls[1].end(['only one']);
    for (const answer of carried) await expect(answer).rejects.toThrow('1 results for 2 items');
    expect(await first).toBe('done 1');
  });
});
