import { describe, expect, it } from 'vitest';
import { defineStream } from './stream';

describe('a stream definition', () => {
  const users = defineStream('user');

  it('names each stream "{category}-{id}"', () => {
    expect(users.category).toBe('user');
    expect(users.prefix).toBe('user-');
    expect(users.name('42')).toBe('user-42');
  });

  it('reads the id back from a stream name, ids with dashes included', () => {
    expect(users.idOf('user-42')).toBe('42');
    expect(users.idOf(users.name('a-b-c'))).toBe('a-b-c');
  });

  it('refuses a stream name of another category', () => {
    expect(() => users.idOf('credits-42')).toThrow('"credits-42" is not a stream of the "user" category');
    expect(() => users.idOf('user')).toThrow();
    expect(() => defineStream('idea-set').idOf('idea-42')).toThrow('"idea-42" is not a stream of the "idea-set" category');
  });
});
