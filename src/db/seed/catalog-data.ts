/**
 * The seed catalogue: six categories, the strains beneath Flower, and the products.
 *
 * Money is integer cents (D1). Stock is in the base unit: grams for Flower and Concentrate,
 * units otherwise (D6); undefined = not tracked. Weight prices follow D5: Flower 3.5g / 7g /
 * 1/2 oz / 1 oz, Concentrate 1g / 2g / 3.5g / 7g; `price` is the smallest weight's price.
 *
 * Image paths are read from image-manifest.json, which `scripts/generate-images.ts` writes
 * (it imports this file for names, so this file never imports the script). A missing entry
 * yields '' so a product added before the images are regenerated still loads.
 *
 * Copy rules: descriptions describe taste, aroma and what customers report; they make no
 * medical claims and nothing here is aimed at anyone under 21.
 */
import manifestJson from './image-manifest.json' with { type: 'json' };
import type { SeedCategory, SeedProduct, SeedStrain } from './types.ts';

/** The shape of image-manifest.json. */
export interface ImageManifest {
  products: Record<string, Record<string, string>>;
  strains: Record<string, Record<string, string>>;
  categories: Record<string, Record<string, string>>;
  site: Record<string, string>;
}

export const imageManifest: ImageManifest = {
  products: {},
  strains: {},
  categories: {},
  site: {},
  ...(manifestJson as Partial<ImageManifest>),
};

/** The image path for an entry at a width ('400' or '800'), or '' when the manifest lacks it. */
export function manifestImage(
  kind: 'products' | 'strains' | 'categories',
  slug: string,
  width: '400' | '800' = '400',
): string {
  return imageManifest[kind][slug]?.[width] ?? '';
}

/** A site image path by location key (home_hero, home_featured, home_cta, home_about), or ''. */
export function siteImage(location: string): string {
  return imageManifest.site[location] ?? '';
}

/** The effects vocabulary (storefront.md §3). */
export const EFFECTS = [
  'Relaxing',
  'Energizing',
  'Creative',
  'Focused',
  'Happy',
  'Euphoric',
  'Sleepy',
  'Uplifting',
  'Pain Relief',
] as const;
export type Effect = (typeof EFFECTS)[number];

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

const categoryRows: Array<Omit<SeedCategory, 'image' | 'sortOrder'>> = [
  {
    slug: 'flower',
    name: 'Flower',
    description:
      'Hand-trimmed buds from licensed growers in Maryland and Virginia, sold by the eighth, quarter, half and full ounce.',
  },
  {
    slug: 'edible',
    name: 'Edible',
    description:
      'Gummies, chocolates, mints and drinks with clearly labelled milligrams per piece. Start low and go slow.',
  },
  {
    slug: 'pre-roll',
    name: 'Pre-roll',
    description: 'Ready-to-light joints, mini packs and infused pre-rolls, rolled from whole flower.',
  },
  {
    slug: 'vaporizer',
    name: 'Vaporizer',
    description: '510-thread cartridges and all-in-one disposables filled with distillate, live resin and rosin.',
  },
  {
    slug: 'concentrate',
    name: 'Concentrate',
    description: 'Badder, shatter, sugar, diamonds and rosin for experienced adults, from 1 g to 7 g.',
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    description: 'Grinders, papers, pipes, batteries and storage: everything you need besides the cannabis.',
  },
];

export const seedCategories: SeedCategory[] = categoryRows.map((c, i) => ({
  ...c,
  image: manifestImage('categories', c.slug),
  sortOrder: i + 1,
}));

// ---------------------------------------------------------------------------------------------
// Strains (children of Flower)
// ---------------------------------------------------------------------------------------------

const strainRows: Array<Omit<SeedStrain, 'image' | 'sortOrder'>> = [
  {
    slug: 'blue-dream',
    name: 'Blue Dream',
    strainType: 'Hybrid',
    description:
      'A sativa-leaning West Coast classic crossing Blueberry with Haze. Sweet berry aroma and a gentle, clear-headed lift that customers reach for in the daytime.',
    effects: ['Creative', 'Uplifting', 'Relaxing'],
    bestFor: ['Daytime', 'Creativity', 'Social'],
  },
  {
    slug: 'og-kush',
    name: 'OG Kush',
    strainType: 'Hybrid',
    description:
      'The backbone of countless modern strains, with an earthy pine and lemon-fuel nose. Known for a heavy, happy calm.',
    effects: ['Relaxing', 'Happy', 'Euphoric'],
    bestFor: ['Evening', 'Relaxation'],
  },
  {
    slug: 'granddaddy-purple',
    name: 'Granddaddy Purple',
    strainType: 'Indica',
    description:
      'Dense violet buds that smell of grape and berry. A long-time favourite for winding down at the end of the day.',
    effects: ['Sleepy', 'Relaxing', 'Pain Relief'],
    bestFor: ['Sleep', 'Evening', 'Relaxation'],
  },
  {
    slug: 'sour-diesel',
    name: 'Sour Diesel',
    strainType: 'Sativa',
    description:
      'Pungent, fuel-forward and fast-acting. Customers report an energetic, talkative head high that suits busy days.',
    effects: ['Energizing', 'Uplifting', 'Focused'],
    bestFor: ['Daytime', 'Social'],
  },
  {
    slug: 'girl-scout-cookies',
    name: 'Girl Scout Cookies',
    strainType: 'Hybrid',
    description:
      'An OG Kush and Durban Poison cross, also sold as GSC, with a sweet, doughy, minty aroma. Known for full-body calm with a euphoric lift.',
    effects: ['Euphoric', 'Happy', 'Relaxing'],
    bestFor: ['Evening', 'Social', 'Relaxation'],
  },
  {
    slug: 'northern-lights',
    name: 'Northern Lights',
    strainType: 'Indica',
    description: 'A pure Afghani-descended indica with a sweet, spicy, resinous nose. A go-to for quiet nights in.',
    effects: ['Relaxing', 'Sleepy', 'Happy'],
    bestFor: ['Sleep', 'Relaxation', 'Evening'],
  },
  {
    slug: 'jack-herer',
    name: 'Jack Herer',
    strainType: 'Sativa',
    description:
      'Named after the cannabis activist, with a spicy pine and citrus profile. Customers describe it as bright, focused and creative.',
    effects: ['Focused', 'Creative', 'Energizing'],
    bestFor: ['Daytime', 'Creativity'],
  },
  {
    slug: 'gelato',
    name: 'Gelato',
    strainType: 'Hybrid',
    description:
      'Sunset Sherbet crossed with Thin Mint GSC: dessert-sweet with citrus and lavender notes. Known for a balanced, euphoric high.',
    effects: ['Euphoric', 'Happy', 'Creative'],
    bestFor: ['Social', 'Creativity', 'Evening'],
  },
  {
    slug: 'wedding-cake',
    name: 'Wedding Cake',
    strainType: 'Hybrid',
    description:
      'An indica-leaning cross of Triangle Kush and Animal Mints with a rich vanilla and pepper aroma. Relaxed and cheerful, customers say.',
    effects: ['Relaxing', 'Happy', 'Euphoric'],
    bestFor: ['Evening', 'Relaxation', 'Social'],
  },
  {
    slug: 'green-crack',
    name: 'Green Crack',
    strainType: 'Sativa',
    description: 'Tangy mango and citrus with a snappy, energetic character. A popular pick for getting things done.',
    effects: ['Energizing', 'Focused', 'Uplifting'],
    bestFor: ['Daytime', 'Creativity'],
  },
  {
    slug: 'purple-punch',
    name: 'Purple Punch',
    strainType: 'Indica',
    description:
      'Larry OG crossed with Granddaddy Purple, smelling of grape candy and blueberry muffin. A sweet after-dinner strain.',
    effects: ['Sleepy', 'Relaxing', 'Happy'],
    bestFor: ['Sleep', 'Evening'],
  },
  {
    slug: 'durban-poison',
    name: 'Durban Poison',
    strainType: 'Sativa',
    description:
      'A landrace sativa from South Africa with sweet anise and pine notes. Customers report a clean, energetic and creative high.',
    effects: ['Energizing', 'Creative', 'Uplifting'],
    bestFor: ['Daytime', 'Creativity', 'Social'],
  },
  {
    slug: 'bubba-kush',
    name: 'Bubba Kush',
    strainType: 'Indica',
    description:
      'Earthy, chocolatey and coffee-toned, with a heavy, tranquil body feel. A classic for slow evenings on the couch.',
    effects: ['Relaxing', 'Sleepy', 'Pain Relief'],
    bestFor: ['Sleep', 'Relaxation'],
  },
  {
    slug: 'harlequin',
    name: 'Harlequin',
    strainType: 'CBD',
    description:
      'A CBD-rich sativa-leaning strain with roughly a 5:2 CBD to THC ratio and an earthy mango nose. Customers report a clear head with mild relaxation.',
    effects: ['Focused', 'Relaxing', 'Uplifting'],
    bestFor: ['Daytime', 'Relaxation'],
  },
  {
    slug: 'acdc',
    name: 'ACDC',
    strainType: 'CBD',
    description:
      'A high-CBD phenotype of Cannatonic with very little THC and an earthy, woody aroma. Known for calm without much intoxication.',
    effects: ['Relaxing', 'Focused'],
    bestFor: ['Daytime', 'Relaxation'],
  },
];

export const seedStrains: SeedStrain[] = strainRows.map((s, i) => ({
  ...s,
  image: manifestImage('strains', s.slug),
  sortOrder: i + 1,
}));

const strainBySlug = new Map(strainRows.map((s) => [s.slug, s]));

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

/** Product data without the image, which comes from the manifest by slug. */
type ProductRow = Omit<SeedProduct, 'image'>;

/** Flower price tiers in cents: 3.5 g, 7 g, 14 g, 28 g. */
const FLOWER_TIERS = {
  value: [2500, 4500, 8000, 14500],
  greenhouse: [3000, 5500, 10000, 18500],
  indoor: [3500, 6500, 12000, 22000],
  craft: [4000, 7500, 14000, 26000],
  reserve: [4500, 8500, 16000, 30000],
  cbd: [3000, 5500, 10000, 18000],
} as const;
type FlowerTier = keyof typeof FLOWER_TIERS;

interface FlowerInput {
  strain: string;
  /** Shown after the strain name: "Blue Dream - Reserve". */
  label: string;
  tier: FlowerTier;
  description: string;
  thc: number;
  cbd: number;
  flavor: string;
  origin: string;
  rating: number;
  reviews: number;
  stock?: number;
  salePrice?: number;
  /** Weights this product is not sold in. */
  omit?: Array<'halfOz' | 'oz'>;
  effects?: string[];
  isNewArrival?: boolean;
  isBestSeller?: boolean;
  isFeatured?: boolean;
  isOrganic?: boolean;
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function flower(f: FlowerInput): ProductRow {
  const strain = strainBySlug.get(f.strain);
  if (!strain) throw new Error(`Unknown strain ${f.strain}`);
  const [p35, p7, pHalf, pOz] = FLOWER_TIERS[f.tier];
  const name = `${strain.name} - ${f.label}`;
  const row: ProductRow = {
    slug: slugify(name),
    name,
    category: 'flower',
    strain: f.strain,
    description: f.description,
    price: p35,
    rating: f.rating,
    reviews: f.reviews,
    thcContent: f.thc,
    cbdContent: f.cbd,
    effects: f.effects ?? strain.effects,
    flavor: f.flavor,
    strainType: strain.strainType,
    origin: f.origin,
    price3_5g: p35,
    price7g: p7,
  };
  if (!f.omit?.includes('halfOz')) row.priceHalfOz = pHalf;
  if (!f.omit?.includes('oz')) row.priceOz = pOz;
  if (f.stock !== undefined) row.stock = f.stock;
  if (f.salePrice !== undefined) row.salePrice = f.salePrice;
  if (f.isNewArrival) row.isNewArrival = true;
  if (f.isBestSeller) row.isBestSeller = true;
  if (f.isFeatured) row.isFeatured = true;
  if (f.isOrganic) row.isOrganic = true;
  return row;
}

/** Concentrate price tiers in cents: 1 g, 2 g, 3.5 g, 7 g. */
const CONCENTRATE_TIERS = {
  shatter: [3000, 5500, 9000, 16000],
  wax: [3500, 6500, 10500, 19000],
  liveResin: [4500, 8500, 14000, 25000],
  diamonds: [5500, 10500, 17500, 32000],
  rosin: [6500, 12500, 20000, 36000],
} as const;
type ConcentrateTier = keyof typeof CONCENTRATE_TIERS;

function concentratePrices(
  tier: ConcentrateTier,
  omit: Array<'3.5g' | '7g'> = [],
): Pick<ProductRow, 'price' | 'price1g' | 'price2g' | 'price3_5g' | 'price7g'> {
  const [p1, p2, p35, p7] = CONCENTRATE_TIERS[tier];
  const out: Pick<ProductRow, 'price' | 'price1g' | 'price2g' | 'price3_5g' | 'price7g'> = {
    price: p1,
    price1g: p1,
    price2g: p2,
  };
  if (!omit.includes('3.5g')) out.price3_5g = p35;
  if (!omit.includes('7g')) out.price7g = p7;
  return out;
}

const flowerRows: ProductRow[] = [
  // Blue Dream
  flower({
    strain: 'blue-dream',
    label: 'Reserve',
    tier: 'reserve',
    description:
      'Top-shelf Blue Dream from a single indoor room, hand-trimmed and slow-dried for a loud blueberry nose. Customers report a smooth, creative daytime lift.',
    thc: 24.6,
    cbd: 0.1,
    flavor: 'Blueberry, sweet haze',
    origin: 'Indoor, Maryland',
    rating: 4.8,
    reviews: 312,
    stock: 224,
    salePrice: 5500,
    isBestSeller: true,
    isFeatured: true,
  }),
  flower({
    strain: 'blue-dream',
    label: 'Greenhouse',
    tier: 'greenhouse',
    description:
      'Sun-grown Blue Dream with big, airy buds and a bright berry-and-vanilla aroma. An easy everyday smoke at a fair price.',
    thc: 19.8,
    cbd: 0.2,
    flavor: 'Berry, vanilla',
    origin: 'Greenhouse, Virginia',
    rating: 4.4,
    reviews: 188,
    stock: 448,
    isOrganic: true,
  }),
  flower({
    strain: 'blue-dream',
    label: 'Smalls',
    tier: 'value',
    description:
      'Smaller Blue Dream buds from the same harvest as our Indoor Select: same flavour and potency, just less photogenic.',
    thc: 21.2,
    cbd: 0.1,
    flavor: 'Blueberry, earth',
    origin: 'Indoor, Maryland',
    rating: 4.3,
    reviews: 97,
    stock: 336,
    salePrice: 3000,
  }),
  // OG Kush
  flower({
    strain: 'og-kush',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Classic OG Kush with a sharp pine-and-fuel aroma and frosty, olive-green buds. Known for a heavy, happy calm in the evening.',
    thc: 23.1,
    cbd: 0.1,
    flavor: 'Pine, lemon, fuel',
    origin: 'California genetics, grown in Maryland',
    rating: 4.7,
    reviews: 265,
    stock: 196,
    isBestSeller: true,
  }),
  flower({
    strain: 'og-kush',
    label: 'Private Stock',
    tier: 'reserve',
    description:
      'Our house OG Kush phenotype, grown in small batches under LED. Dense, greasy buds with a loud lemon-pine finish.',
    thc: 27.4,
    cbd: 0.1,
    flavor: 'Lemon pine, diesel',
    origin: 'Indoor, Washington DC',
    rating: 4.9,
    reviews: 141,
    stock: 84,
    omit: ['oz'],
    isNewArrival: true,
  }),
  // Granddaddy Purple
  flower({
    strain: 'granddaddy-purple',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Deep purple buds with a grape-jam aroma. Customers report a heavy, sleepy body feel that suits late nights.',
    thc: 21.9,
    cbd: 0.2,
    flavor: 'Grape, berry',
    origin: 'Indoor, Maryland',
    rating: 4.7,
    reviews: 233,
    stock: 168,
    isBestSeller: true,
    isFeatured: true,
  }),
  flower({
    strain: 'granddaddy-purple',
    label: 'Living Soil',
    tier: 'craft',
    description:
      'GDP grown in organic living soil and hang-dried for two weeks. Rich, sweet grape flavour with a smooth, clean burn.',
    thc: 22.8,
    cbd: 0.2,
    flavor: 'Concord grape, earth',
    origin: 'Living soil, Virginia',
    rating: 4.8,
    reviews: 76,
    stock: 112,
    isOrganic: true,
  }),
  // Sour Diesel
  flower({
    strain: 'sour-diesel',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Unmistakable diesel funk with a sour citrus edge. Customers describe an energetic, talkative high for daytime plans.',
    thc: 22.4,
    cbd: 0.1,
    flavor: 'Diesel, sour lemon',
    origin: 'Indoor, Maryland',
    rating: 4.6,
    reviews: 204,
    stock: 210,
    salePrice: 4000,
    isBestSeller: true,
  }),
  flower({
    strain: 'sour-diesel',
    label: 'Greenhouse',
    tier: 'greenhouse',
    description: 'Light-dep greenhouse Sour Diesel with long, spear-shaped colas and a pungent gas-and-lime nose.',
    thc: 19.5,
    cbd: 0.3,
    flavor: 'Gas, lime',
    origin: 'Greenhouse, Virginia',
    rating: 4.2,
    reviews: 58,
    stock: 0,
  }),
  // Girl Scout Cookies
  flower({
    strain: 'girl-scout-cookies',
    label: 'Reserve',
    tier: 'reserve',
    description:
      'GSC at its best: purple-flecked buds caked in trichomes with a sweet, minty, doughy aroma. Known for a euphoric, full-body calm.',
    thc: 26.3,
    cbd: 0.1,
    flavor: 'Sweet dough, mint',
    origin: 'California genetics, grown in Maryland',
    rating: 4.9,
    reviews: 287,
    stock: 140,
    isFeatured: true,
    isBestSeller: true,
  }),
  flower({
    strain: 'girl-scout-cookies',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'A reliable GSC cut with a cookie-dough sweetness and a peppery exhale. A crowd-pleaser for evenings with friends.',
    thc: 23.7,
    cbd: 0.1,
    flavor: 'Cookie dough, pepper',
    origin: 'Indoor, Virginia',
    rating: 4.5,
    reviews: 119,
    stock: 252,
  }),
  // Northern Lights
  flower({
    strain: 'northern-lights',
    label: 'Indoor Select',
    tier: 'indoor',
    description: 'Compact, resin-heavy Northern Lights with a sweet, spicy pine aroma. A go-to for quiet nights in.',
    thc: 20.6,
    cbd: 0.2,
    flavor: 'Sweet pine, spice',
    origin: 'Indoor, Maryland',
    rating: 4.6,
    reviews: 174,
    stock: 182,
  }),
  flower({
    strain: 'northern-lights',
    label: 'Smalls',
    tier: 'value',
    description: 'Small, tight Northern Lights buds at a friendly price. Same sweet, earthy flavour as the big ones.',
    thc: 19.1,
    cbd: 0.2,
    flavor: 'Earth, sweet spice',
    origin: 'Indoor, Maryland',
    rating: 4.2,
    reviews: 64,
    stock: 280,
    omit: ['halfOz'],
  }),
  // Jack Herer
  flower({
    strain: 'jack-herer',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'A spicy pine and citrus sativa named after the famous activist. Customers report a focused, creative mood that lasts.',
    thc: 21.5,
    cbd: 0.1,
    flavor: 'Pine, citrus, spice',
    origin: 'Indoor, Virginia',
    rating: 4.6,
    reviews: 158,
    stock: 196,
    isOrganic: true,
  }),
  flower({
    strain: 'jack-herer',
    label: 'Craft Batch',
    tier: 'craft',
    description:
      'Small-batch Jack Herer, hand-watered and hand-trimmed. Bright terpene profile with notes of lemon peel and fresh-cut pine.',
    thc: 23.3,
    cbd: 0.1,
    flavor: 'Lemon peel, pine',
    origin: 'Indoor, Washington DC',
    rating: 4.8,
    reviews: 43,
    stock: 56,
    isNewArrival: true,
  }),
  // Gelato
  flower({
    strain: 'gelato',
    label: 'Reserve',
    tier: 'reserve',
    description:
      'Gelato #33 with dense, frosty buds and a creamy sherbet nose. Known for a balanced, euphoric high and a sweet, smooth smoke.',
    thc: 25.8,
    cbd: 0.1,
    flavor: 'Sherbet, citrus, lavender',
    origin: 'California genetics, grown in Maryland',
    rating: 4.9,
    reviews: 214,
    stock: 126,
    salePrice: 5200,
    isBestSeller: true,
    isFeatured: true,
  }),
  flower({
    strain: 'gelato',
    label: 'Indoor Select',
    tier: 'indoor',
    description: 'A sweet, dessert-like Gelato cut with orange and berry notes and a cheerful, social vibe.',
    thc: 22.6,
    cbd: 0.1,
    flavor: 'Orange cream, berry',
    origin: 'Indoor, Maryland',
    rating: 4.5,
    reviews: 96,
    stock: 168,
  }),
  // Wedding Cake
  flower({
    strain: 'wedding-cake',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Rich vanilla and pepper aroma with thick white trichome coverage. Customers report a relaxed, cheerful evening high.',
    thc: 24.2,
    cbd: 0.1,
    flavor: 'Vanilla, pepper, earth',
    origin: 'Indoor, Maryland',
    rating: 4.7,
    reviews: 176,
    stock: 210,
    isBestSeller: true,
  }),
  flower({
    strain: 'wedding-cake',
    label: 'Craft Batch',
    tier: 'craft',
    description:
      'Wedding Cake grown by a small Virginia craft farm. Hand-trimmed buds with a sweet, tangy frosting aroma.',
    thc: 25.1,
    cbd: 0.1,
    flavor: 'Vanilla frosting, tangy earth',
    origin: 'Indoor, Virginia',
    rating: 4.8,
    reviews: 38,
    stock: 70,
    isNewArrival: true,
    isOrganic: true,
  }),
  // Green Crack
  flower({
    strain: 'green-crack',
    label: 'Greenhouse',
    tier: 'greenhouse',
    description:
      'Tangy mango and citrus with a snappy, energetic feel. A sun-grown favourite for productive afternoons.',
    thc: 18.9,
    cbd: 0.2,
    flavor: 'Mango, citrus',
    origin: 'Greenhouse, Maryland',
    rating: 4.3,
    reviews: 87,
    stock: 392,
  }),
  flower({
    strain: 'green-crack',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Indoor-grown Green Crack with bright, zesty terpenes and sticky lime-green buds. Customers say it keeps them focused and upbeat.',
    thc: 22.0,
    cbd: 0.1,
    flavor: 'Tropical citrus, sweet lime',
    origin: 'Indoor, Washington DC',
    rating: 4.5,
    reviews: 112,
    stock: 154,
  }),
  // Purple Punch
  flower({
    strain: 'purple-punch',
    label: 'Indoor Select',
    tier: 'indoor',
    description: 'Grape candy and blueberry muffin on the nose, with deep purple hues. A sweet after-dinner strain.',
    thc: 20.4,
    cbd: 0.2,
    flavor: 'Grape candy, blueberry',
    origin: 'Indoor, Maryland',
    rating: 4.6,
    reviews: 149,
    stock: 140,
  }),
  flower({
    strain: 'purple-punch',
    label: 'Reserve',
    tier: 'reserve',
    description:
      'Top-shelf Purple Punch, slow-dried for three weeks to keep its jammy grape aroma intact. Customers report a heavy, cosy calm.',
    thc: 24.9,
    cbd: 0.1,
    flavor: 'Grape jam, vanilla',
    origin: 'Indoor, Washington DC',
    rating: 4.9,
    reviews: 61,
    stock: 42,
    omit: ['oz'],
    isNewArrival: true,
  }),
  // Durban Poison
  flower({
    strain: 'durban-poison',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'The South African landrace with sweet anise and pine notes. Known for a clean, clear, energetic high.',
    thc: 21.3,
    cbd: 0.1,
    flavor: 'Anise, pine, sweet spice',
    origin: 'Indoor, Virginia',
    rating: 4.6,
    reviews: 102,
    stock: 168,
  }),
  flower({
    strain: 'durban-poison',
    label: 'Greenhouse',
    tier: 'greenhouse',
    description: 'Sun-grown Durban Poison with long, resinous buds and a licorice-and-citrus aroma.',
    thc: 18.6,
    cbd: 0.2,
    flavor: 'Licorice, citrus',
    origin: 'Greenhouse, Maryland',
    rating: 4.2,
    reviews: 35,
    stock: 308,
    isOrganic: true,
  }),
  // Bubba Kush
  flower({
    strain: 'bubba-kush',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Dark, chunky buds with a chocolate, coffee and hashish aroma. A classic for slow evenings on the couch.',
    thc: 19.7,
    cbd: 0.3,
    flavor: 'Chocolate, coffee, hash',
    origin: 'Indoor, Maryland',
    rating: 4.5,
    reviews: 131,
    stock: 196,
  }),
  flower({
    strain: 'bubba-kush',
    label: 'Smalls',
    tier: 'value',
    description: 'Bubba Kush smalls with the same earthy, chocolatey nose as the full buds, priced for everyday use.',
    thc: 18.4,
    cbd: 0.3,
    flavor: 'Earth, cocoa',
    origin: 'Indoor, Maryland',
    rating: 4.1,
    reviews: 47,
    stock: 224,
  }),
  // Harlequin (CBD)
  flower({
    strain: 'harlequin',
    label: 'CBD Flower',
    tier: 'cbd',
    description:
      'CBD-rich Harlequin with roughly five parts CBD to two parts THC and an earthy mango aroma. Customers report a clear head and mild relaxation.',
    thc: 5.8,
    cbd: 13.2,
    flavor: 'Mango, earth, musk',
    origin: 'Greenhouse, Virginia',
    rating: 4.4,
    reviews: 68,
    stock: 140,
    isOrganic: true,
  }),
  flower({
    strain: 'harlequin',
    label: 'Indoor Select',
    tier: 'indoor',
    description:
      'Indoor Harlequin with tighter buds and a sweeter, fruitier nose than the greenhouse batch. A balanced choice for daytime.',
    thc: 7.1,
    cbd: 14.6,
    flavor: 'Sweet mango, pine',
    origin: 'Indoor, Maryland',
    rating: 4.5,
    reviews: 29,
    stock: 84,
    omit: ['halfOz', 'oz'],
    isNewArrival: true,
  }),
  // ACDC (CBD)
  flower({
    strain: 'acdc',
    label: 'CBD Flower',
    tier: 'cbd',
    description:
      'ACDC with very little THC and plenty of CBD. Woody, earthy aroma; known for calm without much intoxication.',
    thc: 1.2,
    cbd: 17.5,
    flavor: 'Wood, earth, cherry',
    origin: 'Greenhouse, Virginia',
    rating: 4.3,
    reviews: 54,
    stock: 196,
    isOrganic: true,
  }),
  flower({
    strain: 'acdc',
    label: 'Smalls',
    tier: 'value',
    description: 'Budget-friendly ACDC smalls with the same low-THC, high-CBD profile as the full buds.',
    thc: 0.9,
    cbd: 15.8,
    flavor: 'Earth, light citrus',
    origin: 'Greenhouse, Virginia',
    rating: 4.0,
    reviews: 18,
    stock: 112,
  }),
  // Extra third cuts for the most popular strains
  flower({
    strain: 'og-kush',
    label: 'Smalls',
    tier: 'value',
    description:
      'Popcorn-sized OG Kush buds with the classic pine-fuel flavour, at a price that makes stocking up easy.',
    thc: 20.8,
    cbd: 0.1,
    flavor: 'Pine, fuel',
    origin: 'Indoor, Maryland',
    rating: 4.3,
    reviews: 83,
    stock: 28,
  }),
  flower({
    strain: 'gelato',
    label: 'Smalls',
    tier: 'value',
    description: 'Gelato smalls: sweet citrus-sherbet flavour in smaller buds, hand-sorted from our indoor harvest.',
    thc: 21.4,
    cbd: 0.1,
    flavor: 'Sherbet, orange',
    origin: 'Indoor, Maryland',
    rating: 4.4,
    reviews: 71,
    stock: 252,
    omit: ['oz'],
  }),
  flower({
    strain: 'sour-diesel',
    label: 'Reserve',
    tier: 'reserve',
    description:
      'Limited Sour Diesel from a single indoor room, with a sharp fuel-and-citrus nose you can smell through the jar.',
    thc: 26.1,
    cbd: 0.1,
    flavor: 'Fuel, sour citrus, skunk',
    origin: 'Indoor, Washington DC',
    rating: 4.8,
    reviews: 57,
    stock: 63,
    isNewArrival: true,
  }),
  flower({
    strain: 'wedding-cake',
    label: 'Greenhouse',
    tier: 'greenhouse',
    description: 'Greenhouse Wedding Cake with a sweet vanilla-earth aroma and a mellow, relaxing finish.',
    thc: 20.9,
    cbd: 0.2,
    flavor: 'Vanilla, earth',
    origin: 'Greenhouse, Maryland',
    rating: 4.3,
    reviews: 44,
    stock: 280,
  }),
];

const edibleRows: ProductRow[] = [
  {
    slug: 'wild-berry-gummies-100mg',
    name: 'Wild Berry Gummies 100mg',
    category: 'edible',
    description:
      'Ten vegan fruit gummies at 10 mg THC each, made with real berry purée. A reliable, consistent dose in every piece.',
    price: 2500,
    salePrice: 3000,
    rating: 4.7,
    reviews: 398,
    thcMg: 100,
    effects: ['Happy', 'Relaxing'],
    flavor: 'Mixed berry',
    strainType: 'Hybrid',
    origin: 'Maryland',
    stock: 120,
    isBestSeller: true,
    isFeatured: true,
  },
  {
    slug: 'sour-watermelon-gummies-100mg',
    name: 'Sour Watermelon Gummies 100mg',
    category: 'edible',
    description: 'Sugar-dusted watermelon gummies, 10 pieces at 10 mg THC each, with a tart, juicy flavour.',
    price: 2400,
    rating: 4.5,
    reviews: 211,
    thcMg: 100,
    effects: ['Uplifting', 'Happy'],
    flavor: 'Sour watermelon',
    strainType: 'Sativa',
    origin: 'Virginia',
    stock: 95,
  },
  {
    slug: 'dark-chocolate-sea-salt-bar-100mg',
    name: 'Dark Chocolate Sea Salt Bar 100mg',
    category: 'edible',
    description:
      '72% single-origin dark chocolate with flaky sea salt, scored into ten 10 mg squares. Rich, not bitter.',
    price: 2800,
    rating: 4.8,
    reviews: 176,
    thcMg: 100,
    effects: ['Relaxing', 'Euphoric'],
    flavor: 'Dark chocolate, sea salt',
    strainType: 'Indica',
    origin: 'Washington DC',
    stock: 64,
    isFeatured: true,
    isOrganic: true,
  },
  {
    slug: 'milk-chocolate-espresso-bar-200mg',
    name: 'Milk Chocolate Espresso Bar 200mg',
    category: 'edible',
    description:
      'Creamy milk chocolate with crunchy espresso bits, twenty 10 mg squares per bar. For experienced adults only.',
    price: 4200,
    rating: 4.6,
    reviews: 88,
    thcMg: 200,
    effects: ['Energizing', 'Happy'],
    flavor: 'Milk chocolate, espresso',
    strainType: 'Sativa',
    origin: 'Maryland',
    stock: 40,
  },
  {
    slug: 'midnight-blueberry-gummies-100mg',
    name: 'Midnight Blueberry Gummies 100mg',
    category: 'edible',
    description:
      'Indica-infused blueberry gummies with a touch of CBN, ten 10 mg pieces. Customers report they are a favourite at bedtime.',
    price: 2800,
    salePrice: 3200,
    rating: 4.7,
    reviews: 264,
    thcMg: 100,
    effects: ['Sleepy', 'Relaxing'],
    flavor: 'Blueberry',
    strainType: 'Indica',
    origin: 'Maryland',
    stock: 88,
    isBestSeller: true,
  },
  {
    slug: 'ginger-lemon-mints-50mg',
    name: 'Ginger Lemon Mints 50mg',
    category: 'edible',
    description:
      'Twenty pressed mints at 2.5 mg THC each in a pocket tin. Zesty ginger and lemon; a light, low-dose option.',
    price: 1800,
    rating: 4.4,
    reviews: 73,
    thcMg: 50,
    effects: ['Uplifting', 'Focused'],
    flavor: 'Ginger, lemon',
    strainType: 'Sativa',
    origin: 'Virginia',
    stock: 110,
    isNewArrival: true,
  },
  {
    slug: 'balance-1-1-cbd-gummies',
    name: 'Balance 1:1 CBD Gummies',
    category: 'edible',
    description:
      'Ten pomegranate gummies, each with 10 mg CBD and 10 mg THC. A mellow, balanced option customers like for relaxed afternoons.',
    price: 3000,
    rating: 4.6,
    reviews: 132,
    thcMg: 100,
    effects: ['Relaxing', 'Happy'],
    flavor: 'Pomegranate',
    strainType: 'CBD',
    origin: 'Maryland',
    stock: 72,
    isOrganic: true,
  },
  {
    slug: 'sparkling-grapefruit-seltzer-10mg',
    name: 'Sparkling Grapefruit Seltzer 10mg',
    category: 'edible',
    description:
      'A single 12 oz can of lightly sweetened grapefruit seltzer with 10 mg THC. Fast-acting emulsion; customers report effects within 20 minutes.',
    price: 1500,
    salePrice: 1800,
    rating: 4.3,
    reviews: 57,
    thcMg: 10,
    effects: ['Uplifting', 'Happy'],
    flavor: 'Pink grapefruit',
    strainType: 'Hybrid',
    origin: 'Washington DC',
    stock: 150,
    isNewArrival: true,
  },
  {
    slug: 'cold-brew-coffee-shot-10mg',
    name: 'Cold Brew Coffee Shot 10mg',
    category: 'edible',
    description: 'A 2 oz cold brew shot with 10 mg THC and natural caffeine. Smooth, chocolatey and not too sweet.',
    price: 1600,
    rating: 4.1,
    reviews: 24,
    thcMg: 10,
    effects: ['Energizing', 'Focused'],
    flavor: 'Cold brew coffee',
    strainType: 'Sativa',
    origin: 'Virginia',
    stock: 0,
  },
  {
    slug: 'salted-caramel-chews-100mg',
    name: 'Salted Caramel Chews 100mg',
    category: 'edible',
    description:
      'Soft, buttery caramels with a pinch of sea salt, ten 10 mg chews per box. Known for a warm, mellow evening high.',
    price: 2600,
    rating: 4.6,
    reviews: 101,
    thcMg: 100,
    effects: ['Relaxing', 'Happy'],
    flavor: 'Salted caramel',
    strainType: 'Indica',
    origin: 'Maryland',
    stock: 58,
  },
  {
    slug: 'mango-chili-gummies-200mg',
    name: 'Mango Chili Gummies 200mg',
    category: 'edible',
    description:
      'Ripe mango with a gentle chili-lime kick, ten 20 mg pieces. A high-potency pack for experienced adults.',
    price: 4000,
    rating: 4.5,
    reviews: 62,
    thcMg: 200,
    effects: ['Euphoric', 'Uplifting'],
    flavor: 'Mango, chili, lime',
    strainType: 'Sativa',
    origin: 'Maryland',
    stock: 36,
    isNewArrival: true,
  },
];

const preRollRows: ProductRow[] = [
  {
    slug: 'blue-dream-pre-roll-1g',
    name: 'Blue Dream Pre-Roll 1g',
    category: 'pre-roll',
    description:
      'One gram of whole-flower Blue Dream in an unbleached cone with a glass tip. Sweet berry smoke and an easy, even burn.',
    price: 1200,
    salePrice: 1500,
    rating: 4.6,
    reviews: 244,
    thcContent: 22.1,
    cbdContent: 0.1,
    effects: ['Creative', 'Uplifting'],
    flavor: 'Blueberry',
    strainType: 'Hybrid',
    origin: 'Indoor, Maryland',
    stock: 140,
    isBestSeller: true,
    isFeatured: true,
  },
  {
    slug: 'og-kush-pre-roll-1g',
    name: 'OG Kush Pre-Roll 1g',
    category: 'pre-roll',
    description: 'A one-gram OG Kush joint with a classic pine-fuel flavour. Rolled from flower, never shake or trim.',
    price: 1200,
    rating: 4.5,
    reviews: 167,
    thcContent: 22.8,
    cbdContent: 0.1,
    effects: ['Relaxing', 'Happy'],
    flavor: 'Pine, fuel',
    strainType: 'Hybrid',
    origin: 'Indoor, Maryland',
    stock: 120,
  },
  {
    slug: 'sour-diesel-mini-pre-rolls-5-pack',
    name: 'Sour Diesel Mini Pre-Rolls 5-Pack',
    category: 'pre-roll',
    description:
      'Five 0.5 g Sour Diesel minis in a crush-proof tin, sized for a quick session. Loud diesel aroma, bright daytime energy.',
    price: 2500,
    rating: 4.6,
    reviews: 139,
    thcContent: 21.7,
    cbdContent: 0.1,
    effects: ['Energizing', 'Uplifting'],
    flavor: 'Diesel, citrus',
    strainType: 'Sativa',
    origin: 'Indoor, Maryland',
    stock: 75,
    isNewArrival: true,
  },
  {
    slug: 'gelato-diamond-infused-pre-roll-1g',
    name: 'Gelato Diamond-Infused Pre-Roll 1g',
    category: 'pre-roll',
    description:
      'Gelato flower infused with THCa diamonds and rolled in kief. Potent and slow-burning; for experienced adults.',
    price: 2000,
    salePrice: 2400,
    rating: 4.8,
    reviews: 186,
    thcContent: 38.5,
    cbdContent: 0.1,
    effects: ['Euphoric', 'Happy'],
    flavor: 'Sherbet, cream',
    strainType: 'Hybrid',
    origin: 'Indoor, Maryland',
    stock: 60,
    isBestSeller: true,
  },
  {
    slug: 'wedding-cake-pre-roll-3-pack',
    name: 'Wedding Cake Pre-Roll 3-Pack',
    category: 'pre-roll',
    description: 'Three one-gram Wedding Cake joints with a sweet vanilla and pepper flavour, ideal for sharing.',
    price: 3000,
    rating: 4.7,
    reviews: 92,
    thcContent: 23.9,
    cbdContent: 0.1,
    effects: ['Relaxing', 'Happy', 'Euphoric'],
    flavor: 'Vanilla, pepper',
    strainType: 'Hybrid',
    origin: 'Indoor, Virginia',
    stock: 48,
    isFeatured: true,
  },
  {
    slug: 'northern-lights-half-gram-pre-roll',
    name: 'Northern Lights Half-Gram Pre-Roll',
    category: 'pre-roll',
    description: 'A slim half-gram Northern Lights joint: sweet, piney and mellow. A simple nightcap.',
    price: 800,
    rating: 4.3,
    reviews: 78,
    thcContent: 19.8,
    cbdContent: 0.2,
    effects: ['Relaxing', 'Sleepy'],
    flavor: 'Sweet pine',
    strainType: 'Indica',
    origin: 'Indoor, Maryland',
    stock: 150,
  },
  {
    slug: 'jack-herer-pre-roll-1g',
    name: 'Jack Herer Pre-Roll 1g',
    category: 'pre-roll',
    description:
      'Jack Herer in a one-gram hemp cone, with a spicy pine and citrus smoke. Customers report a clear, creative focus.',
    price: 1300,
    rating: 4.5,
    reviews: 84,
    thcContent: 21.2,
    cbdContent: 0.1,
    effects: ['Focused', 'Creative'],
    flavor: 'Pine, citrus',
    strainType: 'Sativa',
    origin: 'Indoor, Virginia',
    stock: 90,
    isOrganic: true,
  },
  {
    slug: 'house-blend-pre-roll-10-pack',
    name: 'House Blend Pre-Roll 10-Pack',
    category: 'pre-roll',
    description:
      'Ten half-gram joints of our rotating hybrid house blend, packed in a resealable box. Great value for gatherings.',
    price: 4500,
    rating: 4.2,
    reviews: 151,
    thcContent: 19.4,
    cbdContent: 0.2,
    effects: ['Happy', 'Relaxing'],
    flavor: 'Earthy, sweet',
    strainType: 'Hybrid',
    origin: 'Maryland',
    stock: 40,
  },
  {
    slug: 'granddaddy-purple-hemp-blunt-2g',
    name: 'Granddaddy Purple Hemp Blunt 2g',
    category: 'pre-roll',
    description:
      'Two grams of GDP rolled in a tobacco-free hemp wrap. Grape-forward, slow burning and made for sharing.',
    price: 2200,
    rating: 4.6,
    reviews: 67,
    thcContent: 21.4,
    cbdContent: 0.2,
    effects: ['Sleepy', 'Relaxing'],
    flavor: 'Grape, earth',
    strainType: 'Indica',
    origin: 'Indoor, Maryland',
    stock: 35,
    isNewArrival: true,
  },
  {
    slug: 'harlequin-cbd-pre-roll-1g',
    name: 'Harlequin CBD Pre-Roll 1g',
    category: 'pre-roll',
    description: 'A CBD-rich Harlequin joint with a mellow, earthy mango flavour and a light, clear-headed feel.',
    price: 1000,
    rating: 4.4,
    reviews: 41,
    thcContent: 6.2,
    cbdContent: 12.8,
    effects: ['Relaxing', 'Focused'],
    flavor: 'Mango, earth',
    strainType: 'CBD',
    origin: 'Greenhouse, Virginia',
    stock: 80,
    isOrganic: true,
  },
  {
    slug: 'green-crack-mini-pre-rolls-7-pack',
    name: 'Green Crack Mini Pre-Rolls 7-Pack',
    category: 'pre-roll',
    description:
      'Seven 0.35 g Green Crack minis with a zesty mango-citrus flavour. Quick, energetic and easy to share.',
    price: 3200,
    rating: 4.5,
    reviews: 56,
    thcContent: 20.6,
    cbdContent: 0.1,
    effects: ['Energizing', 'Focused'],
    flavor: 'Mango, citrus',
    strainType: 'Sativa',
    origin: 'Greenhouse, Maryland',
  },
];

const vaporizerRows: ProductRow[] = [
  {
    slug: 'blue-dream-live-resin-cartridge-0-5g',
    name: 'Blue Dream Live Resin Cartridge 0.5g',
    category: 'vaporizer',
    description:
      'Flash-frozen Blue Dream extracted into live resin with its native terpenes. 510-thread ceramic cartridge with true-to-strain berry flavour.',
    price: 3500,
    salePrice: 4200,
    rating: 4.7,
    reviews: 203,
    thcContent: 81.4,
    cbdContent: 0.3,
    effects: ['Creative', 'Uplifting'],
    flavor: 'Blueberry, haze',
    strainType: 'Hybrid',
    origin: 'Maryland',
    stock: 85,
    isFeatured: true,
    isBestSeller: true,
  },
  {
    slug: 'gelato-distillate-cartridge-1g',
    name: 'Gelato Distillate Cartridge 1g',
    category: 'vaporizer',
    description:
      'High-potency distillate blended with Gelato-profile botanical terpenes. Smooth, sweet and consistent.',
    price: 4500,
    rating: 4.5,
    reviews: 176,
    thcContent: 89.2,
    cbdContent: 0.2,
    effects: ['Euphoric', 'Happy'],
    flavor: 'Sherbet, citrus',
    strainType: 'Hybrid',
    origin: 'Maryland',
    stock: 70,
  },
  {
    slug: 'sour-diesel-disposable-pen-0-5g',
    name: 'Sour Diesel Disposable Pen 0.5g',
    category: 'vaporizer',
    description: 'A ready-to-use, rechargeable all-in-one pen with Sour Diesel distillate. Draw-activated, no buttons.',
    price: 3000,
    rating: 4.3,
    reviews: 122,
    thcContent: 86.5,
    cbdContent: 0.2,
    effects: ['Energizing', 'Focused'],
    flavor: 'Diesel, lemon',
    strainType: 'Sativa',
    origin: 'Virginia',
    stock: 110,
    isNewArrival: true,
  },
  {
    slug: 'granddaddy-purple-live-rosin-disposable-0-5g',
    name: 'Granddaddy Purple Live Rosin Disposable 0.5g',
    category: 'vaporizer',
    description:
      'Solventless live rosin pressed from fresh-frozen GDP, in a rechargeable all-in-one. Deep grape flavour, no additives.',
    price: 5500,
    salePrice: 6000,
    rating: 4.9,
    reviews: 64,
    thcContent: 76.8,
    cbdContent: 0.4,
    effects: ['Relaxing', 'Sleepy'],
    flavor: 'Grape, berry',
    strainType: 'Indica',
    origin: 'Indoor, Maryland',
    stock: 30,
    isFeatured: true,
    isOrganic: true,
  },
  {
    slug: 'jack-herer-cartridge-1g',
    name: 'Jack Herer Cartridge 1g',
    category: 'vaporizer',
    description:
      'A full-gram 510 cartridge with cannabis-derived terpenes and a spicy pine taste. Known for a clear, focused high.',
    price: 4200,
    rating: 4.6,
    reviews: 98,
    thcContent: 87.1,
    cbdContent: 0.2,
    effects: ['Focused', 'Creative'],
    flavor: 'Pine, spice',
    strainType: 'Sativa',
    origin: 'Virginia',
    stock: 55,
  },
  {
    slug: 'northern-lights-all-in-one-1g',
    name: 'Northern Lights All-in-One 1g',
    category: 'vaporizer',
    description:
      'A rechargeable one-gram disposable with smooth Northern Lights distillate and a sweet, earthy pine flavour.',
    price: 4800,
    rating: 4.4,
    reviews: 87,
    thcContent: 88.3,
    cbdContent: 0.1,
    effects: ['Relaxing', 'Sleepy'],
    flavor: 'Sweet pine, earth',
    strainType: 'Indica',
    origin: 'Maryland',
    stock: 45,
  },
  {
    slug: 'acdc-1-1-cartridge-0-5g',
    name: 'ACDC 1:1 Cartridge 0.5g',
    category: 'vaporizer',
    description:
      'Equal parts CBD and THC with ACDC terpenes. A mellow, balanced cartridge customers choose for a lighter experience.',
    price: 3200,
    rating: 4.5,
    reviews: 49,
    thcContent: 36.5,
    cbdContent: 37.2,
    effects: ['Relaxing', 'Focused'],
    flavor: 'Earth, wood',
    strainType: 'CBD',
    origin: 'Virginia',
    isOrganic: true,
  },
  {
    slug: 'strawberry-cough-cartridge-0-5g',
    name: 'Strawberry Cough Cartridge 0.5g',
    category: 'vaporizer',
    description: 'Sweet strawberry and light skunk in a half-gram ceramic cartridge. An upbeat, social sativa.',
    price: 2800,
    rating: 4.2,
    reviews: 71,
    thcContent: 84.7,
    cbdContent: 0.2,
    effects: ['Uplifting', 'Happy'],
    flavor: 'Strawberry',
    strainType: 'Sativa',
    origin: 'Maryland',
    stock: 65,
  },
  {
    slug: 'pineapple-express-pod-0-5g',
    name: 'Pineapple Express Pod 0.5g',
    category: 'vaporizer',
    description:
      'A tropical, pineapple-forward pod for pod-system batteries. Customers describe a cheerful, energetic buzz.',
    price: 3400,
    rating: 4.4,
    reviews: 39,
    thcContent: 85.9,
    cbdContent: 0.2,
    effects: ['Energizing', 'Happy'],
    flavor: 'Pineapple, mango',
    strainType: 'Hybrid',
    origin: 'Washington DC',
    stock: 50,
    isNewArrival: true,
  },
  {
    slug: 'wedding-cake-live-resin-disposable-1g',
    name: 'Wedding Cake Live Resin Disposable 1g',
    category: 'vaporizer',
    description:
      'A one-gram live resin all-in-one with a rich vanilla-frosting flavour and a rechargeable USB-C battery.',
    price: 6000,
    rating: 4.8,
    reviews: 52,
    thcContent: 79.6,
    cbdContent: 0.3,
    effects: ['Relaxing', 'Euphoric'],
    flavor: 'Vanilla, pepper',
    strainType: 'Hybrid',
    origin: 'Indoor, Maryland',
    stock: 25,
    isBestSeller: true,
  },
];

const concentrateRows: ProductRow[] = [
  {
    slug: 'gelato-live-resin-badder',
    name: 'Gelato Live Resin Badder',
    category: 'concentrate',
    description:
      'Whipped, cake-batter-textured live resin from fresh-frozen Gelato. Loud, sweet terpenes that hold up on a low-temperature dab.',
    ...concentratePrices('liveResin'),
    salePrice: 5500,
    rating: 4.8,
    reviews: 121,
    thcContent: 78.4,
    cbdContent: 0.3,
    effects: ['Euphoric', 'Happy'],
    flavor: 'Sherbet, citrus',
    strainType: 'Hybrid',
    origin: 'Maryland',
    stock: 28,
    isFeatured: true,
    isBestSeller: true,
  },
  {
    slug: 'og-kush-shatter',
    name: 'OG Kush Shatter',
    category: 'concentrate',
    description: 'Glassy, amber OG Kush shatter that snaps clean. A classic pine-fuel flavour at an everyday price.',
    ...concentratePrices('shatter'),
    rating: 4.4,
    reviews: 156,
    thcContent: 82.6,
    cbdContent: 0.2,
    effects: ['Relaxing', 'Happy'],
    flavor: 'Pine, fuel',
    strainType: 'Hybrid',
    origin: 'Maryland',
    stock: 56,
  },
  {
    slug: 'wedding-cake-hash-rosin',
    name: 'Wedding Cake Hash Rosin',
    category: 'concentrate',
    description:
      'Solventless hash rosin pressed from ice-water hash. Creamy texture and a rich vanilla-pepper flavour.',
    ...concentratePrices('rosin', ['7g']),
    rating: 4.9,
    reviews: 47,
    thcContent: 74.2,
    cbdContent: 0.4,
    effects: ['Relaxing', 'Euphoric'],
    flavor: 'Vanilla, pepper, cream',
    strainType: 'Hybrid',
    origin: 'Indoor, Maryland',
    stock: 14,
    isNewArrival: true,
    isOrganic: true,
  },
  {
    slug: 'blue-dream-sugar-wax',
    name: 'Blue Dream Sugar Wax',
    category: 'concentrate',
    description:
      'Sparkly, crystalline sugar wax with a sweet blueberry nose. Easy to handle and great for topping a bowl.',
    ...concentratePrices('wax'),
    rating: 4.6,
    reviews: 88,
    thcContent: 80.3,
    cbdContent: 0.2,
    effects: ['Creative', 'Uplifting'],
    flavor: 'Blueberry, sugar',
    strainType: 'Hybrid',
    origin: 'Virginia',
    stock: 42,
  },
  {
    slug: 'sour-diesel-thca-diamonds',
    name: 'Sour Diesel THCa Diamonds',
    category: 'concentrate',
    description:
      'Large THCa crystals in a terpene-rich sauce, extracted from Sour Diesel. Very potent; for experienced adults.',
    ...concentratePrices('diamonds'),
    salePrice: 6500,
    rating: 4.8,
    reviews: 73,
    thcContent: 89.5,
    cbdContent: 0.1,
    effects: ['Energizing', 'Euphoric'],
    flavor: 'Diesel, sour citrus',
    strainType: 'Sativa',
    origin: 'Maryland',
    stock: 21,
    isFeatured: true,
  },
  {
    slug: 'purple-punch-crumble',
    name: 'Purple Punch Crumble',
    category: 'concentrate',
    description: 'Dry, honeycomb-textured crumble with a grape-candy aroma. Easy to portion and sprinkle.',
    ...concentratePrices('wax'),
    rating: 4.5,
    reviews: 52,
    thcContent: 76.9,
    cbdContent: 0.3,
    effects: ['Sleepy', 'Relaxing'],
    flavor: 'Grape candy',
    strainType: 'Indica',
    origin: 'Maryland',
    stock: 35,
  },
  {
    slug: 'northern-lights-bubble-hash',
    name: 'Northern Lights Bubble Hash',
    category: 'concentrate',
    description:
      'Traditional ice-water hash sieved from Northern Lights. Earthy, spicy and old-school; crumble it over flower or press it.',
    ...concentratePrices('shatter', ['7g']),
    rating: 4.3,
    reviews: 36,
    thcContent: 61.5,
    cbdContent: 0.6,
    effects: ['Relaxing', 'Sleepy'],
    flavor: 'Earth, spice, hash',
    strainType: 'Indica',
    origin: 'Indoor, Virginia',
    stock: 20,
    isOrganic: true,
  },
  {
    slug: 'girl-scout-cookies-budder',
    name: 'Girl Scout Cookies Budder',
    category: 'concentrate',
    description: 'Smooth, buttery GSC budder with a sweet, minty, doughy flavour and a euphoric, relaxed finish.',
    ...concentratePrices('wax'),
    rating: 4.6,
    reviews: 64,
    thcContent: 79.8,
    cbdContent: 0.2,
    effects: ['Euphoric', 'Relaxing'],
    flavor: 'Mint, dough',
    strainType: 'Hybrid',
    origin: 'Maryland',
  },
  {
    slug: 'green-crack-live-resin-sauce',
    name: 'Green Crack Live Resin Sauce',
    category: 'concentrate',
    description: 'Terpene-heavy live resin sauce with a tangy mango-citrus profile. Bright, zesty and energetic.',
    ...concentratePrices('liveResin'),
    rating: 4.7,
    reviews: 41,
    thcContent: 72.6,
    cbdContent: 0.2,
    effects: ['Energizing', 'Focused', 'Uplifting'],
    flavor: 'Mango, citrus',
    strainType: 'Sativa',
    origin: 'Washington DC',
    stock: 18,
    isNewArrival: true,
  },
  {
    slug: 'jack-herer-nug-run-wax',
    name: 'Jack Herer Nug Run Wax',
    category: 'concentrate',
    description: 'Wax extracted from whole Jack Herer buds rather than trim, for a fuller pine-citrus flavour.',
    ...concentratePrices('wax'),
    rating: 4.4,
    reviews: 29,
    thcContent: 77.3,
    cbdContent: 0.2,
    effects: ['Focused', 'Creative'],
    flavor: 'Pine, citrus',
    strainType: 'Sativa',
    origin: 'Virginia',
    stock: 31,
  },
];

const accessoryRows: ProductRow[] = [
  {
    slug: 'aluminum-4-piece-grinder',
    name: 'Aluminum 4-Piece Grinder',
    category: 'accessories',
    description:
      'A 2.5-inch anodised aluminium grinder with diamond-cut teeth, a fine mesh screen and a kief catcher. Magnetic lid.',
    price: 3500,
    salePrice: 4500,
    rating: 4.8,
    reviews: 327,
    effects: [],
    origin: 'Designed in Washington DC',
    stock: 60,
    isBestSeller: true,
    isFeatured: true,
  },
  {
    slug: 'glass-spoon-pipe',
    name: 'Glass Spoon Pipe',
    category: 'accessories',
    description: 'A hand-blown 4-inch borosilicate spoon pipe in smoke gray, with a deep bowl and a comfortable carb.',
    price: 2500,
    rating: 4.5,
    reviews: 94,
    effects: [],
    origin: 'Hand-blown in Virginia',
    stock: 24,
  },
  {
    slug: 'unbleached-rolling-papers-king-size',
    name: 'Unbleached Rolling Papers King Size',
    category: 'accessories',
    description: 'Thin, slow-burning unbleached papers, 32 leaves per booklet, with tips included.',
    price: 500,
    rating: 4.6,
    reviews: 412,
    effects: [],
    stock: 150,
    isOrganic: true,
  },
  {
    slug: 'smell-proof-stash-jar',
    name: 'Smell-Proof Stash Jar',
    category: 'accessories',
    description: 'Ultraviolet glass jar with an airtight, child-resistant lid. Keeps flower fresh and the aroma in.',
    price: 1800,
    rating: 4.7,
    reviews: 138,
    effects: [],
    stock: 80,
    isNewArrival: true,
  },
  {
    slug: '510-thread-battery-variable-voltage',
    name: '510 Thread Battery Variable Voltage',
    category: 'accessories',
    description:
      'A slim 510-thread battery with three voltage settings, preheat and USB-C charging. Fits most cartridges.',
    price: 2200,
    rating: 4.4,
    reviews: 203,
    effects: [],
    stock: 70,
    isBestSeller: true,
  },
  {
    slug: 'borosilicate-mini-bong',
    name: 'Borosilicate Mini Bong',
    category: 'accessories',
    description: 'An 8-inch thick-glass water pipe with a 14 mm bowl and a stable, weighted base.',
    price: 6500,
    rating: 4.6,
    reviews: 71,
    effects: [],
    origin: 'Hand-blown in Maryland',
    stock: 12,
  },
  {
    slug: 'rechargeable-torch-lighter',
    name: 'Rechargeable Torch Lighter',
    category: 'accessories',
    description: 'A windproof, flameless plasma lighter with a USB-C port. No butane needed.',
    price: 2500,
    rating: 4.3,
    reviews: 58,
    effects: [],
  },
  {
    slug: 'silicone-dab-mat-and-tool-set',
    name: 'Silicone Dab Mat & Tool Set',
    category: 'accessories',
    description: 'A non-stick silicone mat, two stainless dab tools and a small silicone container for concentrates.',
    price: 1500,
    rating: 4.4,
    reviews: 46,
    effects: [],
    stock: 45,
  },
  {
    slug: 'portable-dry-herb-vaporizer',
    name: 'Portable Dry Herb Vaporizer',
    category: 'accessories',
    description:
      'A pocket-sized convection vaporizer for flower, with precise temperature control and a ceramic chamber. Heats up in 30 seconds.',
    price: 13500,
    salePrice: 15000,
    rating: 4.7,
    reviews: 89,
    effects: [],
    stock: 15,
    isFeatured: true,
    isNewArrival: true,
  },
  {
    slug: 'bamboo-rolling-tray',
    name: 'Bamboo Rolling Tray',
    category: 'accessories',
    description: 'A sustainably sourced bamboo tray with raised edges and a magnetic lid. Keeps rolling tidy.',
    price: 2000,
    rating: 4.5,
    reviews: 67,
    effects: [],
    stock: 38,
    isOrganic: true,
  },
  {
    slug: 'pre-roll-cones-32-pack',
    name: 'Pre-Roll Cones 32-Pack',
    category: 'accessories',
    description: 'Thirty-two 1¼-size hemp cones with filter tips. Fill, pack, twist and go.',
    price: 900,
    rating: 4.4,
    reviews: 115,
    effects: [],
    stock: 100,
  },
];

/**
 * The first six products become the deals, so they mix categories and are all on sale; the
 * first twelve include several featured products. The rest follow, category by category.
 */
const LEAD_SLUGS = [
  'blue-dream-reserve',
  'wild-berry-gummies-100mg',
  'blue-dream-pre-roll-1g',
  'blue-dream-live-resin-cartridge-0-5g',
  'gelato-live-resin-badder',
  'aluminum-4-piece-grinder',
  'granddaddy-purple-indoor-select',
  'dark-chocolate-sea-salt-bar-100mg',
  'gelato-reserve',
  'wedding-cake-pre-roll-3-pack',
  'sour-diesel-thca-diamonds',
  'granddaddy-purple-live-rosin-disposable-0-5g',
];

const allRows: ProductRow[] = [
  ...flowerRows,
  ...edibleRows,
  ...preRollRows,
  ...vaporizerRows,
  ...concentrateRows,
  ...accessoryRows,
];

function orderRows(rows: ProductRow[]): ProductRow[] {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const lead = LEAD_SLUGS.map((slug) => {
    const row = bySlug.get(slug);
    if (!row) throw new Error(`Lead product ${slug} not found`);
    return row;
  });
  const leadSet = new Set(LEAD_SLUGS);
  return [...lead, ...rows.filter((r) => !leadSet.has(r.slug))];
}

export const seedProducts: SeedProduct[] = orderRows(allRows).map((p) => ({
  ...p,
  image: manifestImage('products', p.slug),
}));
