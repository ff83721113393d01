import { describe, expect, it } from 'vitest';
import { CHART_COLORS, contrastRatio, HEAT_SHADES, heatShade, labelIndexes, linearScale, niceTicks, percentText, share } from './scale.ts';

describe('niceTicks', () => {
  it.each([
    [87, 4, [0, 25, 50, 75, 100]],
    [100, 4, [0, 25, 50, 75, 100]],
    [5, 4, [0, 2, 4, 6]],
    [1, 4, [0, 0.25, 0.5, 0.75, 1]],
    [1, 5, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [12_345, 4, [0, 5000, 10_000, 15_000]],
  ])('max %d in about %d steps reads %j', (max, count, ticks) => expect(niceTicks(max, count)).toEqual(ticks));

  it('counts in whole steps when asked', () => {
    expect(niceTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1, 4, true)).toEqual([0, 1]);
    expect(niceTicks(10, 4, true)).toEqual([0, 5, 10]);
  });

  it('still draws an axis with nothing to show', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  it('always reaches the maximum', () => {
    for (const max of [0.3, 7, 99, 101, 4321, 999_999]) expect(niceTicks(max).at(-1)).toBeGreaterThanOrEqual(max);
  });
});

describe('linearScale', () => {
  it('maps 0..max onto the range, either way round', () => {
    expect(linearScale(10, 0, 200)(5)).toBe(100);
    expect(linearScale(10, 200, 0)(10)).toBe(0);
  });
  it('maps everything to the start when the domain is empty', () => expect(linearScale(0, 40, 200)(3)).toBe(40));
});

describe('labelIndexes', () => {
  it('shows every label that fits', () => expect(labelIndexes(5, 7)).toEqual([0, 1, 2, 3, 4]));
  it('thins a crowded axis, keeping the ends', () => {
    expect(labelIndexes(31, 6)).toEqual([0, 6, 12, 18, 24, 30]);
    expect(labelIndexes(2, 1)).toEqual([0, 1]);
  });
  it('drops the label before the last when the two would crowd', () => {
    expect(labelIndexes(30, 6)).toEqual([0, 5, 10, 15, 20, 29]);
    expect(labelIndexes(90, 6)).toEqual([0, 15, 30, 45, 60, 89]);
  });
  it('has nothing for no labels', () => expect(labelIndexes(0, 6)).toEqual([]));
});

describe('shares', () => {
  it('prints whole percents', () => {
    expect(percentText(share(1, 3))).toBe('33%');
    expect(percentText(share(3, 0))).toBe('0%');
  });
});

describe('colours', () => {
  it('prints every shade’s text at WCAG AA contrast', () => {
    for (const s of HEAT_SHADES) expect(contrastRatio(s.fill, s.text), s.label).toBeGreaterThanOrEqual(4.5);
  });
  it('draws bars, lines and text that stand out from the background', () => {
    for (const c of [CHART_COLORS.bar, CHART_COLORS.line, CHART_COLORS.text, CHART_COLORS.muted]) {
      expect(contrastRatio(c, CHART_COLORS.background)).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('knows black on white', () => expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21));

  it('shades by the share filled, never grey for a cell with orders', () => {
    expect(heatShade(0).label).toBe('Empty');
    expect(heatShade(0.001).label).toBe('Under 25%');
    expect(heatShade(0.25).label).toBe('25% to 49%');
    expect(heatShade(0.5).label).toBe('50% to 74%');
    expect(heatShade(1.2).label).toBe('75% or more');
  });
});
