/**
 * Generates the catalogue's raster images locally: one per product, strain and category, plus
 * the home-page site images. Each is an SVG built here (gradient background tinted by category
 * or strain type, a vector illustration, the name in a sans-serif font) rendered to WebP with
 * sharp.
 *
 *   node scripts/generate-images.ts
 *
 * Output: public/images/{products,strains,categories,site}/{slug}-{sha256[0..8]}.webp and the
 * manifest src/features/catalog/seed/image-manifest.json. Deterministic: same data, same bytes, same names.
 * Files in those folders that the run did not produce are deleted.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { categoryBody, productBody, SITE, squareSvg, strainBody } from './lib/images/compositions.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');
const MANIFEST = join(ROOT, 'src/features/catalog/seed/image-manifest.json');

// catalog-data.ts imports the manifest; make sure one exists before importing it (first run).
if (!existsSync(MANIFEST)) writeFileSync(MANIFEST, '{}\n');
const { seedCategories, seedProducts, seedStrains } = await import('../src/features/catalog/seed/catalog-data.ts');

const WEBP = { quality: 72, effort: 6, smartSubsample: true } as const;
const SQUARE_WIDTHS = [400, 800] as const;
const SITE_WIDTH = 1200;

type Kind = 'products' | 'strains' | 'categories' | 'site';

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}

interface Output {
  kind: Kind;
  file: string;
  bytes: Buffer;
}

const outputs: Output[] = [];

function fileName(slug: string, bytes: Buffer): string {
  return `${slug}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.webp`;
}

async function squareSet(kind: Kind, slug: string, body: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const size of SQUARE_WIDTHS) {
    const bytes = await render(squareSvg(size, body));
    const file = fileName(slug, bytes);
    outputs.push({ kind, file, bytes });
    out[String(size)] = `/images/${kind}/${file}`;
  }
  return out;
}

const manifest = {
  products: {} as Record<string, Record<string, string>>,
  strains: {} as Record<string, Record<string, string>>,
  categories: {} as Record<string, Record<string, string>>,
  site: {} as Record<string, string>,
};

for (const p of seedProducts) manifest.products[p.slug] = await squareSet('products', p.slug, productBody(p));
for (const s of seedStrains) manifest.strains[s.slug] = await squareSet('strains', s.slug, strainBody(s));
for (const c of seedCategories) manifest.categories[c.slug] = await squareSet('categories', c.slug, categoryBody(c));
for (const s of SITE) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SITE_WIDTH}" height="${s.height}" viewBox="0 0 ${SITE_WIDTH} ${s.height}">${s.body(SITE_WIDTH, s.height)}</svg>`;
  const bytes = await render(svg);
  const file = fileName(s.slug, bytes);
  outputs.push({ kind: 'site', file, bytes });
  manifest.site[s.key] = `/images/site/${file}`;
}

let total = 0;
let written = 0;
let removed = 0;
for (const kind of ['products', 'strains', 'categories', 'site'] as const) {
  const dir = join(PUBLIC, 'images', kind);
  mkdirSync(dir, { recursive: true });
  const mine = outputs.filter((o) => o.kind === kind);
  const keep = new Set(mine.map((o) => o.file));
  for (const f of readdirSync(dir)) {
    if (!keep.has(f)) {
      unlinkSync(join(dir, f));
      removed++;
    }
  }
  for (const o of mine) {
    total += o.bytes.length;
    const path = join(dir, o.file);
    // Names are content hashes: an existing file with the name already has these bytes.
    if (!existsSync(path)) {
      writeFileSync(path, o.bytes);
      written++;
    }
  }
}

writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);

console.log(`images: ${outputs.length} files, ${(total / 1024).toFixed(0)} KiB total; ${written} written, ${removed} stale removed`);
console.log(`manifest: ${MANIFEST.slice(ROOT.length + 1)}`);
