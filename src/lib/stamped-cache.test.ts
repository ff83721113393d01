import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache.ts';

const entry = (stamp: string, body: string) => ({ stamp, body });

describe('StampedCache', () => {
  it('finds an entry only at the stamp it was built at, and drops it at any other', () => {
    const cache = new StampedCache({ maxEntryChars: 100, maxTotalChars: 1000, maxEntries: 10 });
    cache.set('a', entry('e:1', 'one'));
    expect(cache.get('a', 'e:1')?.body).toBe('one');
    expect(cache.get('a', 'e:2')).toBeUndefined();
    // Dropped, not kept for later: the old stamp finds nothing either.
    expect(cache.get('a', 'e:1')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.chars).toBe(0);
  });

  it('never keeps a body above the entry limit (key included), and drops what the key held before', () => {
    const cache = new StampedCache({ maxEntryChars: 6, maxTotalChars: 1000, maxEntries: 10 });
    cache.set('a', entry('s', 'small'));
    cache.set('a', entry('s', 'too large'));
    expect(cache.get('a', 's')).toBeUndefined();
    expect(cache.chars).toBe(0);
  });

  it('stays within its total by evicting the least recently used first', () => {
    const cache = new StampedCache({ maxEntryChars: 10, maxTotalChars: 12, maxEntries: 10 });
    cache.set('a', entry('s', 'aaaa'));
    cache.set('b', entry('s', 'bbbb'));
    // Reading a makes b the least recently used.
    expect(cache.get('a', 's')).toBeDefined();
    cache.set('c', entry('s', 'cccc'));
    expect(cache.chars).toBeLessThanOrEqual(12);
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')?.body).toBe('aaaa');
    expect(cache.get('c', 's')?.body).toBe('cccc');
  });

  it('counts a replaced entry once', () => {
    const cache = new StampedCache({ maxEntryChars: 10, maxTotalChars: 100, maxEntries: 10 });
    cache.set('a', entry('s', 'aaaa'));
    cache.set('a', entry('t', 'aaaaaa'));
    expect(cache.size).toBe(1);
    expect(cache.chars).toBe(7);
  });

  it('holds at most maxEntries, however small they are (many tiny answers under distinct keys)', () => {
    const cache = new StampedCache({ maxEntryChars: 100, maxTotalChars: 1_000_000, maxEntries: 3 });
    for (let i = 0; i < 100; i++) cache.set(`search-${i}`, entry('s', '[]'));
    expect(cache.size).toBe(3);
    expect(cache.get('search-99', 's')?.body).toBe('[]');
    expect(cache.get('search-0', 's')).toBeUndefined();
  });
});
