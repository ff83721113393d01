import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('formatMoney (D1)', () => {
  it('writes cents as en-US dollars, as Intl does', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 2700, 4500, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 99_999_999_999];
    for (const cents of [...samples, ...samples.filter((c) => c > 0).map((c) => -c)])
      expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
  });

  it('rounds a stray fraction of a cent instead of printing it', () => {
    expect(formatMoney(1999.6)).toBe('$20.00');
    expect(formatMoney(-0.4)).toBe('$0.00');
  });
});
