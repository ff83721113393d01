/**
 * The charts' arithmetic, kept free of React so it can be tested: round axis ends and ticks, a
 * linear scale, which labels a crowded axis prints, and the heat grid's shades with their text
 * colours. Knows nothing of the shop.
 */

/** The steps an axis may count in, per power of ten: sums of money read easily in these. */
const NICE_STEPS = [1, 2, 2.5, 5, 10] as const;

/**
 * Ticks from 0 to a round number at or above `max`, about `count` intervals apart, e.g.
 * niceTicks(87, 4) -> [0, 20, 40, 60, 80, 100]. `integer` keeps steps whole (counts of orders).
 * A max of 0 or less still gives an axis: [0, 1].
 */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  // Counts step in whole numbers: 2.5 orders is no tick anyone reads.
  const fits = (s: number) => s * power >= rough && (!integer || Number.isInteger(s * power));
  const step = integer && power < 1 ? 1 : (NICE_STEPS.find(fits) ?? 10) * power;
  const ticks: number[] = [];
  // Rounding each tick keeps 0.1 + 0.2 from printing as 0.30000000000000004.
  for (let i = 0; ; i += 1) {
    const tick = Number((i * step).toPrecision(12));
    ticks.push(tick);
    if (tick >= max) break;
  }
  return ticks;
}

/** A linear map from [0, domainMax] onto [from, to]; a domainMax of 0 maps everything to `from`. */
export function linearScale(domainMax: number, from: number, to: number): (value: number) => number {
  return (value) => (domainMax > 0 ? from + ((to - from) * value) / domainMax : from);
}

/**
 * Which of `count` evenly spaced labels an axis prints so that at most `most` show: every k-th,
 * always the first and the last. When the last would crowd the one before, that one gives way:
 * the ends of a range say the most.
 */
export function labelIndexes(count: number, most: number): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil(count / Math.max(1, most));
  const shown: number[] = [];
  for (let i = 0; i < count; i += every) shown.push(i);
  const last = count - 1;
  if (shown.at(-1) === last) return shown;
  if (shown.length > 1 && last - (shown.at(-1) ?? 0) < every) shown.pop();
  shown.push(last);
  return shown;
}

/** 0.3 -> '30%'; whole percents, since a cell or a bar cannot show finer than that. */
export const percentText = (fraction: number): string => `${Math.round(fraction * 100)}%`;

/** The share `value` is of `total`, 0 when there is no total. */
export const share = (value: number, total: number): number => (total > 0 ? value / total : 0);

// --- colour ------------------------------------------------------------------------------------

/** The charts' ink on a white background: each passes WCAG AA for text (4.5:1) and for shapes. */
export const CHART_COLORS = {
  bar: '#047857',
  line: '#1d4ed8',
  text: '#1c1917',
  muted: '#57534e',
  grid: '#d6d3d1',
  background: '#ffffff',
} as const;

/**
 * The heat grid's shades, lightest first, each with the text colour printed on it. A cell's shade
 * comes from the share filled, and the share is printed in the cell, so colour is never the only
 * way to read it.
 */
export const HEAT_SHADES = [
  { from: 0, fill: '#f5f5f4', text: '#1c1917', label: 'Empty' },
  { from: 0.01, fill: '#d1fae5', text: '#064e3b', label: 'Under 25%' },
  { from: 0.25, fill: '#6ee7b7', text: '#022c22', label: '25% to 49%' },
  { from: 0.5, fill: '#047857', text: '#ffffff', label: '50% to 74%' },
  { from: 0.75, fill: '#064e3b', text: '#ffffff', label: '75% or more' },
] as const;
export type HeatShade = (typeof HEAT_SHADES)[number];

/** The shade of a cell filled to `fraction` (0 to 1, more is full). */
export function heatShade(fraction: number): HeatShade {
  let shade: HeatShade = HEAT_SHADES[0];
  for (const s of HEAT_SHADES) if (fraction >= s.from) shade = s;
  // A single order in a big window still rounds to 0%; it is not empty, so it is not grey.
  return fraction > 0 && shade === HEAT_SHADES[0] ? HEAT_SHADES[1] : shade;
}

/** WCAG 2 relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = Number.parseInt(h ?? '0', 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A count with thousands separators ('13,000'), as US readers expect. */
export const grouped = (n: number): string => n.toLocaleString('en-US');
