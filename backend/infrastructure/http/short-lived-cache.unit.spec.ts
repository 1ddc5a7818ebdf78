import { describe, expect, it } from 'vitest';
import { ShortLivedCache } from './short-lived-cache';

const TTL = 1_000;

function cacheOf(limits: ConstructorParameters<typeof ShortLivedCache<string>>[1]) {
  const cache = new ShortLivedCache<string>(TTL, limits);
  const put = (key: string, now: number, owner = '', bytes = 0) => cache.set(key, `answer ${key}`, cache.begin(), now, owner, bytes);
  const kept = (keys: string[], now: number) => keys.filter((key) => cache.get(key, now) !== undefined);
  return { cache, put, kept };
}

describe('ShortLivedCache', () => {
  it('never holds more bytes than its budget: the oldest answers make room', () => {
    const { cache, put, kept } = cacheOf({ entries: 1_000, bytes: 1_000 });
    for (let i = 0; i < 50; i++) {
      put(`k${i}`, i, `member ${i}`, 300);
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
    }
    expect(cache.bytes).toBe(900);
    expect(kept(['k46', 'k47', 'k48', 'k49'], 50)).toEqual(['k47', 'k48', 'k49']);
  });

  it('never keeps an answer larger than a share, and counts a replaced answer once', () => {
    const { cache, put } = cacheOf({ entries: 1_000, bytes: 1_000, bytesPerOwner: 500 });
    put('big', 0, 'a', 501);
    expect(cache.size).toBe(0);
    for (let i = 0; i < 5; i++) put('same', i, 'a', 400);
    expect([cache.size, cache.bytes, cache.bytesOf('a')]).toEqual([1, 400, 400]);
  });

  it("keeps one owner within its share: its own oldest answers go, never another owner's", () => {
    const { cache, put, kept } = cacheOf({ entries: 1_000, bytes: 10_000, bytesPerOwner: 1_000 });
    put('b1', 0, 'b', 400);
    put('b2', 0, 'b', 400);
    for (let i = 0; i < 1_000; i++) {
      put(`a${i}`, 1, 'a', 300);
      expect(cache.bytesOf('a')).toBeLessThanOrEqual(1_000);
    }
    expect(kept(['a996', 'a997', 'a998', 'a999'], 2)).toEqual(['a997', 'a998', 'a999']);
    expect(kept(['b1', 'b2'], 2)).toEqual(['b1', 'b2']);
    expect(cache.bytes).toBe(900 + 800);
  });

  it('drops expired answers as new ones come, even ones never looked up again', () => {
    const { cache, put } = cacheOf({ entries: 1_000 });
    for (let i = 0; i < 100; i++) put(`old${i}`, 0, `member ${i}`, 10);
    put('fresh', TTL - 1, 'x', 10);
    expect(cache.size).toBe(101);
    put('later', TTL, 'y', 10);
    expect([cache.size, cache.bytes, cache.bytesOf('member 0')]).toEqual([2, 20, 0]);
    expect(cache.get('fresh', TTL)).toBe('answer fresh');
    expect(cache.get('fresh', 2 * TTL - 1)).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([1, 10]);
  });

  it('keeps at most its number of answers, dropping the oldest', () => {
    const { cache, put, kept } = cacheOf({ entries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) put(key, 0);
    expect(cache.size).toBe(3);
    expect(kept(['a', 'b', 'c', 'd'], 0)).toEqual(['b', 'c', 'd']);
  });

  it('does not store the answer of a lookup begun before a clear', () => {
    const { cache } = cacheOf({ entries: 10, bytes: 100 });
    const generation = cache.begin();
    cache.clear();
    cache.set('k', 'stale', generation, 0, 'a', 10);
    expect([cache.size, cache.bytes, cache.bytesOf('a')]).toEqual([0, 0, 0]);
  });

  it("drops one owner's answers and no one else's, and a lookup of theirs begun before stores nothing", () => {
    const { cache, put, kept } = cacheOf({ entries: 10, bytes: 1_000 });
    put('a1', 0, 'a', 10);
    put('a2', 0, 'a', 10);
    put('b1', 0, 'b', 10);
    const beforeA = cache.begin();
    const beforeB = cache.begin();
    cache.clearOwner('a');
    expect(kept(['a1', 'a2', 'b1'], 1)).toEqual(['b1']);
    expect([cache.bytes, cache.bytesOf('a')]).toEqual([10, 0]);
    cache.set('a3', 'stale', beforeA, 1, 'a', 10);
    cache.set('b2', 'fresh', beforeB, 1, 'b', 10);
    expect(kept(['a3', 'b2'], 1)).toEqual(['b2']);
    put('a4', 2, 'a', 10);
    expect(kept(['a4'], 2)).toEqual(['a4']);
  });

  it('forgets the oldest owners cleared past its bound, storing nothing from lookups begun before them', () => {
    const { cache, put, kept } = cacheOf({ entries: 10 });
    const before = cache.begin();
    for (let i = 0; i <= ShortLivedCache.OWNER_CLEARS_KEPT; i++) cache.clearOwner(`member ${i}`);
    // 'member 0' is forgotten: a lookup of theirs begun before its clear still stores nothing.
    cache.set('late', 'stale', before, 0, 'member 0');
    expect(kept(['late'], 0)).toEqual([]);
    put('now', 0, 'member 0');
    expect(kept(['now'], 0)).toEqual(['now']);
  });
});
