import { describe, expect, it } from 'vitest';
import { duplicateName, orderRefusal, retireRefusal } from './categories.ts';

describe('category and strain rules', () => {
  it('refuses to retire while active products remain, naming how many', () => {
    expect(retireRefusal('category', 0)).toBeNull();
    expect(retireRefusal('category', 1)).toBe('This category still holds 1 active product');
    expect(retireRefusal('strain', 12)).toBe('This strain still holds 12 active products');
  });

  it('tells siblings apart by name, whatever the case', () => {
    const siblings = [
      { id: 1, name: 'Flower' },
      { id: 2, name: 'Edible' },
    ];
    expect(duplicateName('category', 'flower', siblings)).toBe('There is already a category named flower');
    expect(duplicateName('category', 'Flower', siblings, 1)).toBeNull();
    expect(duplicateName('strain', 'Gelato', siblings)).toBeNull();
  });

  it('takes a new order only when it names every sibling once', () => {
    expect(orderRefusal('category', [1, 2, 3], [3, 1, 2])).toBeNull();
    for (const ids of [
      [3, 1],
      [3, 1, 2, 4],
      [3, 1, 4],
    ]) {
      expect(orderRefusal('category', [1, 2, 3], ids)).toBe('The list of categories has changed. Reload it and try again.');
    }
    expect(orderRefusal('strain', [1], [])).toBe('The list of strains has changed. Reload it and try again.');
  });
});
