/**
 * What every generated image is drawn with: the small SVG helpers, the palettes by category and
 * strain type, and the gradient background. Deterministic: colours and positions come from the
 * seed, never from Math.random.
 */
import { createHash } from 'node:crypto';

/** The typeface of every text drawn on an image. */
export const FONT = 'Liberation Sans, DejaVu Sans, Arial, sans-serif';

export type StrainType = 'Indica' | 'Sativa' | 'Hybrid' | 'CBD';

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A stable number in [0, 1) from a string and a salt. */
export function rand(seed: string, salt: number): number {
  const h = createHash('sha256').update(`${seed}:${salt}`).digest();
  return h.readUInt32BE(0) / 0x1_0000_0000;
}

export function r1(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(ar, br)}${c(ag, bg)}${c(ab, bb)}`;
}

// ---------------------------------------------------------------------------------------------
// Palettes
// ---------------------------------------------------------------------------------------------

export interface Palette {
  from: string;
  to: string;
  /** Caption colour on the white label. */
  accent: string;
}

export const TYPE_PALETTE: Record<StrainType, Palette> = {
  Indica: { from: '#efe4ff', to: '#6d3fa8', accent: '#6b21a8' },
  Sativa: { from: '#fbfbd0', to: '#7cb518', accent: '#4d7c0f' },
  Hybrid: { from: '#dcfce7', to: '#15845f', accent: '#047857' },
  CBD: { from: '#e0f4ff', to: '#2b8fc4', accent: '#0369a1' },
};

export const FLOWER_PALETTE: Palette = { from: '#e3f8e6', to: '#2f8a4c', accent: '#15803d' };

export const CATEGORY_PALETTE: Record<string, Palette> = {
  flower: FLOWER_PALETTE,
  edible: { from: '#fff1d6', to: '#f08a24', accent: '#c2410c' },
  'pre-roll': { from: '#fbeedd', to: '#b9794a', accent: '#9a5b2c' },
  vaporizer: { from: '#e6e9ff', to: '#5b5bd6', accent: '#4338ca' },
  concentrate: { from: '#fff6d8', to: '#c98a12', accent: '#a16207' },
  accessories: { from: '#f1f5f9', to: '#5f7186', accent: '#334155' },
};

export const CATEGORY_LABEL: Record<string, string> = {
  flower: 'Flower',
  edible: 'Edible',
  'pre-roll': 'Pre-roll',
  vaporizer: 'Vaporizer',
  concentrate: 'Concentrate',
  accessories: 'Accessories',
};

/** The palette for a product: its category's, nudged towards its strain type's hue. */
export function productPalette(category: string, strainType: StrainType | undefined): Palette {
  const base = CATEGORY_PALETTE[category] ?? FLOWER_PALETTE;
  if (category === 'flower' && strainType) return TYPE_PALETTE[strainType];
  if (!strainType || category === 'accessories') return base;
  return { ...base, to: mix(base.to, TYPE_PALETTE[strainType].to, 0.22) };
}

// ---------------------------------------------------------------------------------------------
// Backgrounds
// ---------------------------------------------------------------------------------------------

/** Gradient, a soft glow behind the illustration and a few translucent circles. */
export function background(w: number, h: number, p: Palette, seed: string, glowX: number, glowY: number): string {
  const angle = Math.round(rand(seed, 1) * 40 - 20);
  const circles: string[] = [];
  for (let i = 0; i < 4; i++) {
    const cx = rand(seed, 10 + i) * w;
    const cy = rand(seed, 20 + i) * h;
    const r = (0.08 + rand(seed, 30 + i) * 0.22) * Math.min(w, h);
    const o = 0.06 + rand(seed, 40 + i) * 0.08;
    circles.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="#ffffff" opacity="${o.toFixed(2)}"/>`);
  }
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${angle} .5 .5)">
<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}" cy="${glowY}" r=".42">
<stop offset="0" stop-color="#ffffff" stop-opacity=".7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#6b7280"/><stop offset=".45" stop-color="#e5e7eb"/><stop offset="1" stop-color="#4b5563"/></linearGradient>
<linearGradient id="oil" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fcd34d"/><stop offset="1" stop-color="#b45309"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#ffffff" stop-opacity=".55"/><stop offset=".3" stop-color="#ffffff" stop-opacity=".15"/><stop offset="1" stop-color="#ffffff" stop-opacity=".4"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
${circles.join('\n')}
<rect width="${w}" height="${h}" fill="url(#glow)"/>`;
}
