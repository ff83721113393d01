import { describe, expect, it } from 'vitest';
import { pack, unpack } from './packed.ts';

describe('packed island props', () => {
  it('round-trips API data, including text that looks like markup or JSON', () => {
    const products = [{ id: 1, name: '</script><b>"Blue" & \'Dream\'</b>', price: 4500, salePrice: null, tags: ['a', '[0,1]'] }];
    const packed = pack(products);
    expect(typeof packed).toBe('string');
    expect(unpack(packed)).toEqual(products);
  });
});
