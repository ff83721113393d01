/** How each product, strain, category and home-page image is composed: background, art, label. */
import { cartridge, chocolateBar, gummies, jar, leaf, preRoll, productIllustration, typedLeaf } from './illustrations.ts';
import { label } from './label.ts';
import { background, CATEGORY_LABEL, CATEGORY_PALETTE, FLOWER_PALETTE, productPalette, type StrainType, TYPE_PALETTE } from './svg.ts';

/** Places an illustration in the space above the label of an 800x800 canvas. */
function artTransform(category: string): string {
  const scale: Record<string, number> = {
    flower: 1.3,
    edible: 1.08,
    'pre-roll': 1.12,
    vaporizer: 1,
    concentrate: 1.05,
  };
  const s = scale[category] ?? 1;
  return category === 'flower' ? `translate(400 262) scale(${s})` : `translate(400 292) scale(${s})`;
}

export function squareSvg(size: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">${body}</svg>`;
}

export function productBody(p: { slug: string; name: string; category: string; strainType?: StrainType | undefined }): string {
  const pal = productPalette(p.category, p.strainType);
  const [title, subtitle] = p.category === 'flower' && p.name.includes(' - ') ? p.name.split(' - ') : [p.name, undefined];
  const caption =
    p.category === 'flower' || (p.strainType && p.category !== 'accessories')
      ? `${CATEGORY_LABEL[p.category]}${p.strainType ? ` · ${p.strainType}` : ''}`
      : (CATEGORY_LABEL[p.category] ?? '');
  return `${background(800, 800, pal, p.slug, 0.5, 0.36)}
<g transform="${artTransform(p.category)}">${productIllustration(p, p.slug)}</g>
${label(title ?? p.name, caption, pal, subtitle)}`;
}

export function strainBody(s: { slug: string; name: string; strainType: StrainType }): string {
  const pal = TYPE_PALETTE[s.strainType];
  return `${background(800, 800, pal, s.slug, 0.5, 0.38)}
<g transform="${artTransform('flower')}">${typedLeaf(s.strainType, s.slug)}</g>
${label(s.name, `${s.strainType} strain`, pal)}`;
}

export function categoryBody(c: { slug: string; name: string }): string {
  const pal = CATEGORY_PALETTE[c.slug] ?? FLOWER_PALETTE;
  const sample: Record<string, string> = {
    flower: 'Flower',
    edible: 'Gummies',
    'pre-roll': 'Pre-Roll',
    vaporizer: 'Cartridge',
    concentrate: 'Badder',
    accessories: 'Grinder',
  };
  const art = productIllustration({ name: sample[c.slug] ?? c.name, category: c.slug }, c.slug);
  return `${background(800, 800, pal, `category-${c.slug}`, 0.5, 0.36)}
<g transform="${artTransform(c.slug)}">${art}</g>
${label(c.name, 'Shop the category', pal)}`;
}

interface SiteSpec {
  key: string;
  slug: string;
  height: number;
  body: (w: number, h: number) => string;
}

export const SITE: SiteSpec[] = [
  {
    key: 'home_hero',
    slug: 'home-hero',
    height: 800,
    body: (w, h) => `${background(w, h, { from: '#1d5a34', to: '#06210f', accent: '#fff' }, 'home-hero', 0.72, 0.45)}
<g transform="translate(900 330) rotate(-12) scale(1.2)" opacity=".95">${leaf('#3f9a45', '#163d1b')}</g>
<g transform="translate(560 620) scale(.55)">${jar('#111827')}</g>
<g transform="translate(1030 650) rotate(-8) scale(.55)">${preRoll('single')}</g>`,
  },
  {
    key: 'home_featured',
    slug: 'home-featured',
    height: 800,
    body: (w, h) => `${background(w, h, { from: '#fff4dd', to: '#e9a23b', accent: '#fff' }, 'home-featured', 0.5, 0.5)}
<g transform="translate(250 420) scale(.8)">${gummies(['#be185d', '#f59e0b', '#7c3aed'])}</g>
<g transform="translate(600 380) scale(.85)">${cartridge('#111827')}</g>
<g transform="translate(950 450) scale(.75)">${chocolateBar('#0f766e')}</g>`,
  },
  {
    key: 'home_cta',
    slug: 'home-cta',
    height: 500,
    body: (w, h) => {
      const leaves = [0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<g transform="translate(${120 + i * 200} ${i % 2 ? 170 : 330}) rotate(${-25 + i * 11}) scale(.42)" opacity=".28">${leaf('#ffffff', '#ffffff')}</g>`,
        )
        .join('\n');
      return `${background(w, h, { from: '#bef264', to: '#15803d', accent: '#fff' }, 'home-cta', 0.5, 0.5)}
${leaves}`;
    },
  },
  {
    key: 'home_about',
    slug: 'home-about',
    height: 800,
    body: (w, h) => {
      const pin = (x: number, y: number, c: string) =>
        `<g transform="translate(${x} ${y})"><path d="M0,0 C-60,-80 -60,-150 0,-150 C60,-150 60,-80 0,0 Z" fill="${c}"/><circle cy="-100" r="22" fill="#ffffff"/></g>`;
      return `${background(w, h, { from: '#d7f5ec', to: '#1f7a6a', accent: '#fff' }, 'home-about', 0.5, 0.5)}
<path d="M140,560 C380,420 520,640 760,470 S1080,380 1140,300" stroke="#ffffff" stroke-width="10" stroke-dasharray="4 26" stroke-linecap="round" fill="none" opacity=".8"/>
${pin(160, 560, '#15803d')}${pin(640, 540, '#0f766e')}${pin(1120, 310, '#166534')}
<g transform="translate(600 280) scale(.8)" opacity=".9">${leaf('#2f7d32', '#14401a')}</g>`;
    },
  },
];
