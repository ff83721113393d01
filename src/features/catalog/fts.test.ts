import { describe, expect, it } from 'vitest';
import { ftsQuery } from './fts.ts';

describe('ftsQuery', () => {
  it('quotes every word as a prefix term', () => {
    expect(ftsQuery('Blue Dre')).toBe('"Blue"* "Dre"*');
  });
  it('neutralises FTS5 syntax and odd input', () => {
    expect(ftsQuery('"NEAR(a b)" -og* OR kush:')).toBe('"NEAR"* "a"* "b"* "og"* "OR"* "kush"*');
    expect(ftsQuery('***')).toBeNull();
    expect(ftsQuery('   ')).toBeNull();
    expect(ftsQuery('crème brûlée 😀')).toBe('"crème"* "brûlée"*');
    expect(ftsQuery('a '.repeat(500))?.split(' ').length).toBe(12);
  });
});
