import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv.ts';
import { MAX_IMPORT_ROWS } from './csv-upload.ts';
import {
  type CategoryRef,
  csvFileName,
  type ExistingProduct,
  exportRecord,
  type ImportContext,
  namedProducts,
  type ParsedFile,
  PRODUCT_CSV_COLUMNS,
  parseDollars,
  planImport,
  readProductCsv,
  templateRecords,
} from './product-csv.ts';

const categories: CategoryRef[] = [
  { id: 1, name: 'Flower', kind: 'Flower', slug: 'flower', parentId: null, retired: false },
  { id: 2, name: 'Edible', kind: 'Edible', slug: 'edible', parentId: null, retired: false },
  { id: 3, name: 'Concentrate', kind: 'Concentrate', slug: 'concentrate', parentId: null, retired: false },
  { id: 4, name: 'Tinctures', kind: null, slug: 'tinctures', parentId: null, retired: true },
  { id: 10, name: 'Blue Dream', kind: null, slug: 'blue-dream', parentId: 1, retired: false },
  { id: 11, name: 'Old Strain', kind: null, slug: 'old-strain', parentId: 1, retired: true },
];
const slugOf = new Map(categories.map((c) => [c.id, c.slug]));

const flower: ExistingProduct = {
  id: 7,
  slug: 'blue-dream-flower',
  name: 'Blue Dream',
  status: 'active',
  categoryId: 1,
  subcategoryId: 10,
  description: 'Sweet berry aroma.\nSmooth.',
  price: 3500,
  salePrice: null,
  price1g: null,
  price2g: null,
  price3_5g: 3500,
  price7g: 6500,
  priceHalfOz: 12000,
  priceOz: null,
  thcContent: 21.4,
  cbdContent: 0.1,
  thcMg: null,
  netGrams: null,
  strainType: 'Hybrid',
  effects: 'Relaxing, Happy',
  flavor: 'Berry',
  origin: 'Maryland',
  rating: 4.6,
  stockMilli: 56_000,
  lowStockMilli: 7000,
  image: '/images/products/blue-dream.webp',
  available: true,
  isFeatured: true,
  isBestSeller: false,
  isNewArrival: false,
  isOrganic: true,
};
const edible: ExistingProduct = {
  ...flower,
  id: 8,
  slug: 'cherry-gummies',
  name: '=HYPERLINK("http://evil.example","Cherry Gummies")',
  categoryId: 2,
  subcategoryId: null,
  description: '-10 mg a piece, "start low"',
  price: 2200,
  salePrice: 2600,
  price3_5g: null,
  price7g: null,
  priceHalfOz: null,
  thcContent: null,
  cbdContent: null,
  thcMg: 100,
  strainType: null,
  flavor: null,
  origin: null,
  stockMilli: null,
  lowStockMilli: 5000,
  isFeatured: false,
  isOrganic: false,
};

function context(products: ExistingProduct[] = [flower, edible]): ImportContext {
  return {
    categories,
    slugOwners: new Map(products.map((p) => [p.slug, p.id])),
    products: new Map(products.map((p) => [p.id, p])),
  };
}

const exported = (products: ExistingProduct[]) =>
  [PRODUCT_CSV_COLUMNS as readonly string[], ...products.map((p) => exportRecord(p, slugOf))].map((r) => csvLine(r)).join('');

function read(text: string): ParsedFile {
  const file = readProductCsv(text);
  if ('message' in file) throw new Error(`file error: ${file.message}`);
  return file;
}

/** A CSV with the given header and rows, the cells as a person types them (no formula marks added). */
const csv = (header: string[], ...rows: string[][]) =>
  [header, ...rows].map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n');

describe('dollars', () => {
  it('reads dollars as typed or exported into cents', () => {
    expect(parseDollars('12.50', 'Price')).toEqual({ ok: true, value: 1250 });
    expect(parseDollars(' $1,200 ', 'Price')).toEqual({ ok: true, value: 120_000 });
    expect(parseDollars('0.1', 'Price')).toEqual({ ok: true, value: 10 });
    expect(parseDollars('', 'Price')).toEqual({ ok: true, value: null });
    expect(parseDollars('-5', 'Price')).toEqual({ ok: false, message: 'Price cannot be negative' });
    expect(parseDollars('-$5.00', 'Price')).toEqual({ ok: false, message: 'Price cannot be negative' });
    expect(parseDollars('abc', 'Price')).toEqual({ ok: false, message: 'Price must be an amount in dollars, like 12.50' });
    expect(parseDollars('1.005', 'Price')).toMatchObject({ ok: false, message: 'Price takes at most 2 decimals (whole cents)' });
    expect(parseDollars('99999999', 'Price')).toMatchObject({ ok: false, message: 'Price is too large' });
  });
});

describe('export', () => {
  it('writes a header and one row per product, weight prices as dollar columns, formulas neutralised', () => {
    const records = parseCsv(exported([flower, edible]));
    expect(records[0]).toEqual([...PRODUCT_CSV_COLUMNS]);
    const row = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, i) => [c, records[1]?.[i]]));
    expect(row).toMatchObject({
      id: '7',
      category: 'flower',
      strain: 'blue-dream',
      price: '35.00',
      price_3_5g: '35.00',
      price_7g: '65.00',
      price_half_oz: '120.00',
      price_oz: '',
      stock: '56',
      low_stock: '7',
      is_featured: 'true',
    });
    const gummies = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, i) => [c, records[2]?.[i]]));
    expect(gummies.name).toBe(`'${edible.name}`);
    expect(gummies.description).toBe(`'${edible.description}`);
    expect(gummies.stock).toBe('');
  });

  it('changes nothing when imported back', () => {
    const plan = planImport(read(exported([flower, edible])), context());
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 2 });
  });

  it('names files by the day in New York', () => {
    // 03:30 UTC on 9 March is still 8 March in New York.
    expect(csvFileName('products', new Date('2026-03-09T03:30:00Z'))).toBe('products-2026-03-08.csv');
  });

  it('offers a template that imports as two new drafts', () => {
    const text = csv(
      [...PRODUCT_CSV_COLUMNS],
      ...templateRecords({ flower: 'flower', strain: 'blue-dream', edible: 'edible' }).map((r) => r.map(String)),
    );
    const plan = planImport(read(text), context());
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 2, update: 0, unchanged: 0 });
    expect(plan.decisions.map((d) => d.kind === 'create' && [d.values.status, d.values.slug])).toEqual([
      ['draft', 'lemon-haze-reserve'],
      ['draft', 'black-cherry-gummies-100mg'],
    ]);
  });
});

describe('the header', () => {
  it('refuses an unknown or repeated column and a missing required one, naming it', () => {
    expect(readProductCsv('name,category,pricee\nA,edible,1\n')).toMatchObject({
      field: 'pricee',
      message: expect.stringMatching(/Unknown column 'pricee'/),
    });
    expect(readProductCsv('name,category,name\n')).toMatchObject({ field: 'name', message: expect.stringMatching(/twice/) });
    expect(readProductCsv('name,price\nA,1\n')).toMatchObject({
      field: 'category',
      message: expect.stringMatching(/no 'category' column/),
    });
    expect(readProductCsv('')).toMatchObject({ field: 'file', message: expect.stringMatching(/empty/) });
    expect(readProductCsv('name,,category\n')).toMatchObject({ field: 'file', message: 'Column 2 of the header (row 1) has no name.' });
    expect(readProductCsv(`name,category\n${'Mints,edible\n'.repeat(MAX_IMPORT_ROWS + 1)}`)).toMatchObject({
      field: 'file',
      message: expect.stringMatching(/^The file has 20,001 rows; at most 20,000/),
    });
    expect(readProductCsv('name,category\n"A,edible\n')).toMatchObject({ field: 'file', message: expect.stringMatching(/line 2/) });
  });

  it('reads headers in any case and order, and skips blank rows but keeps their numbers', () => {
    const file = read('Category,NAME,Price\nedible,Mints,5\n\nedible,Chews,6\n');
    expect(file.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(planImport(file, context()).counts.create).toBe(2);
  });
});

describe('row errors (row number, column, reason)', () => {
  const header = [
    'id',
    'slug',
    'name',
    'status',
    'category',
    'strain',
    'price',
    'sale_price',
    'price_1g',
    'price_3_5g',
    'thc_percent',
    'is_organic',
  ];
  const good = ['', '', 'Sour Chews', 'active', 'edible', '', '9.00', '', '', '', '', 'false'];
  const withCell = (column: string, value: string) => good.map((v, i) => (header[i] === column ? value : v));
  const errorsOf = (...rows: string[][]) => planImport(read(csv(header, ...rows)), context()).errors;

  it.each([
    ['category', 'pastries', "Unknown category 'pastries'"],
    ['category', 'blue-dream', "'blue-dream' is a strain, not a category"],
    ['category', 'tinctures', "The category 'tinctures' is retired"],
    ['price', '-3.00', 'Price cannot be negative'],
    ['price', 'nine', 'Price must be an amount in dollars, like 12.50'],
    ['price', '', 'Price is required'],
    ['sale_price', '8.00', 'The sale price is the struck-through "was" price and must be higher than the price.'],
    ['price_1g', '12.00', 'A edible product has no 1g price; leave it empty'],
    ['thc_percent', '101', 'THC must be between 0 and 100'],
    ['thc_percent', '-1', 'THC must be between 0 and 100'],
    ['status', 'live', 'Status must be draft, active or archived'],
    ['strain', 'purple-haze', "Unknown strain 'purple-haze'"],
    ['strain', 'blue-dream', "'blue-dream' is a strain of Flower, not of Edible"],
    ['is_organic', 'maybe', 'Organic must be true or false'],
    ['name', '  ', 'Name is required'],
    ['slug', 'Sour Chews', 'Slug must be lowercase letters, digits and single hyphens, like blue-dream-3-5g'],
    ['slug', 'cherry-gummies-x', null],
    ['id', '999', 'No product has the id 999'],
    ['id', 'x7', 'The id must be a positive whole number'],
  ])('%s = %j', (column, value, message) => {
    const errors = errorsOf(good, withCell(column, value));
    expect(errors).toEqual(message == null ? [] : [{ row: 3, column, message }]);
  });

  it('refuses a slug twice in the file, or one another product owns', () => {
    expect(errorsOf(withCell('slug', 'sour-chews'), withCell('slug', 'sour-chews'))).toEqual([
      { row: 3, column: 'slug', message: "Duplicate slug 'sour-chews': row 2 has it too" },
    ]);
    const update = ['7', 'cherry-gummies', 'Blue Dream', 'active', 'flower', 'blue-dream', '', '', '', '35.00', '21.4', 'true'];
    expect(errorsOf(update)).toEqual([{ row: 2, column: 'slug', message: "Duplicate slug 'cherry-gummies': product 8 already has it" }]);
  });

  it('refuses a product named twice', () => {
    const update = ['7', '', 'Blue Dream', 'active', 'flower', 'blue-dream', '', '', '', '35.00', '21.4', 'true'];
    expect(errorsOf(update, withCell('slug', 'blue-dream-flower'))).toEqual([
      { row: 3, column: 'slug', message: 'Product 7 is also on row 2' },
    ]);
  });

  it('needs a weighed product to have a weight price, and its price to follow the smallest', () => {
    const base = ['7', '', 'Blue Dream', 'active', 'flower', 'blue-dream', '', '', '', '35.00', '21.4', 'true'];
    const set = (column: string, value: string) => base.map((v, i) => (header[i] === column ? value : v));
    expect(errorsOf(set('price', '35.00'))).toEqual([]);
    expect(errorsOf(set('price', '30.00'))).toEqual([
      {
        row: 2,
        column: 'price',
        message: "A flower product's price is its smallest weight's price (35.00): leave it empty or write 35.00",
      },
    ]);
    // Without the 3.5g price, the smallest on offer is 7g (kept from the product).
    expect(errorsOf(set('price_3_5g', ''))).toEqual([]);
    expect(errorsOf(set('price_1g', '10.00'))).toEqual([
      { row: 2, column: 'price_1g', message: 'A flower product has no 1g price; leave it empty' },
    ]);
  });

  it('reports a row with the wrong number of cells as a whole', () => {
    expect(errorsOf(good.slice(0, 5))).toEqual([{ row: 2, column: null, message: 'The row has 5 cells; the header has 12.' }]);
  });

  it('keeps a counted stock counted', () => {
    const text = csv(['id', 'name', 'category', 'stock'], ['7', 'Blue Dream', 'flower', '']);
    expect(planImport(read(text), context()).errors).toEqual([
      { row: 2, column: 'stock', message: 'This product’s stock is counted: enter a count (0 or more) instead of an empty cell' },
    ]);
  });

  it('lists several errors of one row in column order', () => {
    const errors = errorsOf(['', '', '', 'gone', 'pastries', '', '-1', '', '', '', '200', 'x']);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'name'],
      [2, 'status'],
      [2, 'category'],
      [2, 'price'],
      [2, 'thc_percent'],
      [2, 'is_organic'],
    ]);
  });
});

describe('deciding', () => {
  it('matches by id, else by slug; creates with a slug made from the name, clear of every other', () => {
    const text = csv(
      ['id', 'slug', 'name', 'category', 'price'],
      ['8', '', 'Cherry Gummies', 'edible', '24.00'],
      ['', 'blue-dream-flower', 'Blue Dream', 'flower', ''],
      ['', '', 'Cherry Gummies', 'edible', '20.00'],
      ['', '', 'Cherry Gummies', 'edible', '21.00'],
    );
    const file = read(text);
    expect(namedProducts(file)).toEqual({ ids: [8], slugs: ['blue-dream-flower'] });
    const plan = planImport(file, { ...context(), slugOwners: new Map([...context().slugOwners, ['cherry-gummies-2', 99]]) });
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 2, update: 1, unchanged: 1 });
    const [update, unchanged, first, second] = plan.decisions;
    expect(update).toMatchObject({ kind: 'update', row: 2, changes: { name: 'Cherry Gummies', price: 2400 } });
    expect(Object.keys(update?.kind === 'update' ? update.changes : {}).sort()).toEqual(['name', 'price']);
    expect(unchanged).toEqual({ kind: 'unchanged', row: 3, id: 7 });
    expect(first).toMatchObject({ kind: 'create', values: { slug: 'cherry-gummies-3', status: 'draft', categoryId: 2, price: 2000 } });
    expect(second).toMatchObject({ kind: 'create', values: { slug: 'cherry-gummies-4' } });
  });

  it('keeps what the file leaves out, and drops a strain when the product leaves its category', () => {
    const text = csv(['id', 'name', 'category', 'price_1g'], ['7', 'Blue Dream', 'concentrate', '12.00']);
    const [decision] = planImport(read(text), context()).decisions;
    expect(decision).toMatchObject({
      kind: 'update',
      changes: { categoryId: 3, subcategoryId: null, price1g: 1200, price: 1200, priceHalfOz: null },
    });
    if (decision?.kind !== 'update') throw new Error('expected an update');
    // 3.5g and 7g are concentrate weights too, and stay; what the file does not name is kept.
    expect(Object.keys(decision.changes).sort()).toEqual(['categoryId', 'price', 'price1g', 'priceHalfOz', 'subcategoryId']);
  });

  it('reads stock in base units, booleans in several spellings, and restores neutralised text', () => {
    const text = csv(
      ['id', 'name', 'category', 'stock', 'is_featured', 'available', 'description'],
      ['7', 'Blue Dream', 'flower', '12.5', 'No', 'YES', "'-new, sweeter"],
    );
    const [decision] = planImport(read(text), context()).decisions;
    expect(decision).toMatchObject({ kind: 'update', changes: { stockMilli: 12_500, isFeatured: false, description: '-new, sweeter' } });
  });
});
