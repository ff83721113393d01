import { describe, expect, it } from 'vitest';
import { keepIfUnchanged, keepUnchanged } from './live.ts';

describe('live refresh (D2, D6)', () => {
  it('keeps the shown object of every product a refresh did not change, in the fresh order', () => {
    const shown = [
      { id: 1, price: 100, tags: ['a'] },
      { id: 2, price: 200, tags: ['b'] },
      { id: 3, price: 300, tags: [] },
    ];
    const fresh = [
      { id: 2, price: 200, tags: ['b'] },
      { id: 1, price: 150, tags: ['a'] },
      { id: 4, price: 400, tags: [] },
      { id: 3, price: 300, tags: ['new'] },
    ];
    const kept = keepUnchanged(shown, fresh);
    expect(kept).toEqual(fresh);
    // Unchanged: the very object shown before; changed or new: the fresh one.
    expect(kept[0]).toBe(shown[1]);
    expect(kept[1]).toBe(fresh[1]);
    expect(kept[2]).toBe(fresh[2]);
    expect(kept[3]).toBe(fresh[3]);
  });

  it('keeps one shown product when nothing in it changed', () => {
    const shown = { id: 1, price: 100, effects: ['Happy'] };
    expect(keepIfUnchanged(shown, { id: 1, price: 100, effects: ['Happy'] })).toBe(shown);
    const repriced = { id: 1, price: 90, effects: ['Happy'] };
    expect(keepIfUnchanged(shown, repriced)).toBe(repriced);
    const more = { id: 1, price: 100, effects: ['Happy'], inStock: false };
    expect(keepIfUnchanged(shown, more)).toBe(more);
    expect(keepIfUnchanged(null, repriced)).toBe(repriced);
  });
});
