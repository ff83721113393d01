/**
 * Rules the product manager follows, kept out of the components so they can be tested: its
 * search, filters, sort and pages (D23), which price fields each category edits (admin.md §5), and
 * the edit form's conversion to a ProductUpdate or ProductCreate.
 */

import type * as v from 'valibot';
import { humanize } from '../../components/admin/admin-ui.ts';
import { PRODUCT_STATUSES, type ProductStatus } from '../../db/menu-values.ts';
import { formatMoney, toCents } from '../../lib/money.ts';
import { type ApiCategory, availableWeights, categoryKey, WEIGHT_OPTIONS, type WeightPriceField } from '../catalog/catalog.ts';
import { stockUnit } from '../catalog/stock.ts';
import { isLowStock, takesNetGrams, takesThcMg } from '../menu/products.ts';
import { DEFAULT_LOW_STOCK_QUANTITY, type ProductCreate, type ProductUpdate, STRAIN_TYPES } from './admin.schema.ts';
import { type AdminProduct, PRODUCT_PAGE_SIZE } from './admin.ts';

// ---------------------------------------------------------------------------------------------
// Product manager list
// ---------------------------------------------------------------------------------------------

/** admin.md §2 Category filter, in the spec's order. */
export const PRODUCT_CATEGORIES = ['Flower', 'Concentrate', 'Edible', 'Pre-roll', 'Vaporizer', 'Accessories'] as const;

/** The filter filters by the rules' name (categoryKey) and shows the name the category has now. */
export function categoryLabel(categories: readonly ApiCategory[], key: string): string | undefined {
  return categories.find((c) => c.parentId == null && categoryKey(c) === key)?.name;
}

/** admin.md §2 Type filter. */
export const PRODUCT_TYPES = ['Indica', 'Sativa', 'Hybrid', 'Singles', 'Multipacks', 'Disposable', 'Cartridge'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

type TypeFacts = Pick<AdminProduct, 'name' | 'category' | 'strainType'>;

const word = (w: string) => new RegExp(`\\b${w}\\b`, 'i');
const PACK = word('pack');

/**
 * What each type means. Strain types are the product's strainType; the rest are read from the
 * name, because the catalogue has no field for them: a multipack is named '… 5-Pack', a single
 * pre-roll is one without 'Pack', and vaporizers say 'Disposable' or 'Cartridge' in their names.
 */
const TYPE_RULES: Record<ProductType, (p: TypeFacts) => boolean> = {
  Indica: (p) => p.strainType === 'Indica',
  Sativa: (p) => p.strainType === 'Sativa',
  Hybrid: (p) => p.strainType === 'Hybrid',
  Multipacks: (p) => PACK.test(p.name),
  Singles: (p) => p.category === 'Pre-roll' && !PACK.test(p.name),
  Disposable: (p) => p.category === 'Vaporizer' && word('disposable').test(p.name),
  Cartridge: (p) => p.category === 'Vaporizer' && word('cartridge').test(p.name),
};

export function matchesType(product: TypeFacts, type: ProductType): boolean {
  return TYPE_RULES[type](product);
}

export const PRODUCT_SORTS = [
  { value: 'name', label: 'Name (A-Z)' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'stock', label: 'Stock: lowest first' },
  { value: 'rating', label: 'Rating: highest first' },
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]['value'];

/** The status filter (M1); '' = all. */
export const STATUS_FILTERS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
] as const satisfies readonly { value: ProductStatus | ''; label: string }[];

export function productStatusLabel(status: ProductStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export interface ProductListQuery {
  search: string;
  /** '' = all categories. */
  category: string;
  /** '' = all types. */
  type: ProductType | '';
  /** '' = every status. */
  status: ProductStatus | '';
  /** Only products at or under their low-stock threshold (M2). */
  lowStock: boolean;
  sort: ProductSort;
  page: number;
}

export const DEFAULT_PRODUCT_QUERY: ProductListQuery = {
  search: '',
  category: '',
  type: '',
  status: '',
  lowStock: false,
  sort: 'name',
  page: 1,
};

type Priced = Pick<AdminProduct, 'category' | 'price' | WeightPriceField>;

/** The price the table shows: the lowest offered weight's price for weighed products, else the price. */
export function listPrice(product: Priced): number {
  const offered = availableWeights(product.category, product).map((w) => product[w.field] ?? Number.POSITIVE_INFINITY);
  const lowest = Math.min(...offered);
  return Number.isFinite(lowest) ? lowest : product.price;
}

export { stockUnit };

const stockAmount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** '3.5 g', '1 unit', '40 units': an amount of stock in the category's base unit. */
function stockAmountLabel(quantity: number, category: string): string {
  const unit = stockUnit(category) === 'g' ? 'g' : quantity === 1 ? 'unit' : 'units';
  return `${stockAmount.format(quantity)} ${unit}`;
}

export function stockLabel(product: Pick<AdminProduct, 'category' | 'stockQuantity'>): string {
  return product.stockQuantity == null ? 'Not tracked' : stockAmountLabel(product.stockQuantity, product.category);
}

export function pageSizeFor(category: string): number {
  return category === 'Flower' ? PRODUCT_PAGE_SIZE.Flower : PRODUCT_PAGE_SIZE.default;
}

type Listed = TypeFacts & Priced & Pick<AdminProduct, 'description' | 'stockQuantity' | 'rating' | 'status' | 'lowStockQuantity'>;

export function filterProducts<P extends Listed>(
  products: readonly P[],
  query: Pick<ProductListQuery, 'search' | 'category' | 'type'> & Partial<Pick<ProductListQuery, 'status' | 'lowStock'>>,
): P[] {
  const needle = query.search.trim().toLowerCase();
  return products.filter(
    (p) =>
      (needle === '' || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)) &&
      (query.category === '' || p.category === query.category) &&
      (query.type === '' || matchesType(p, query.type)) &&
      (!query.status || p.status === query.status) &&
      (!query.lowStock || isLowStock(p)),
  );
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

export function sortProducts<P extends Listed>(products: readonly P[], sort: ProductSort): P[] {
  // Untracked stock is unlimited, so it sorts after every counted quantity.
  const stock = (p: P) => p.stockQuantity ?? Number.POSITIVE_INFINITY;
  const compare: Record<ProductSort, (a: P, b: P) => number> = {
    name: byName,
    'price-asc': (a, b) => listPrice(a) - listPrice(b),
    'price-desc': (a, b) => listPrice(b) - listPrice(a),
    stock: (a, b) => (stock(a) === stock(b) ? 0 : stock(a) < stock(b) ? -1 : 1),
    rating: (a, b) => b.rating - a.rating,
  };
  return [...products].sort((a, b) => compare[sort](a, b) || byName(a, b));
}

export interface ProductPage<P> {
  items: P[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
}

/** D23: pages of 10; with the Flower filter, pages of 30. */
export function listProducts<P extends Listed>(products: readonly P[], query: ProductListQuery): ProductPage<P> {
  const matching = sortProducts(filterProducts(products, query), query.sort);
  const pageSize = pageSizeFor(query.category);
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page) || 1), pageCount);
  return { items: matching.slice((page - 1) * pageSize, page * pageSize), page, pageCount, total: matching.length, pageSize };
}

// ---------------------------------------------------------------------------------------------
// Product edit form
// ---------------------------------------------------------------------------------------------

export type PriceFieldName = 'price' | 'salePrice' | WeightPriceField;

export interface PriceField {
  field: PriceFieldName;
  label: string;
}

const UNIT_PRICE_FIELDS: readonly PriceField[] = [
  { field: 'price', label: 'Price' },
  { field: 'salePrice', label: 'Sale price' },
];

/**
 * admin.md §5: Flower edits its 3.5g, 7g, 1/2 oz and 1 oz prices, Concentrate its 1g, 2g, 3.5g and
 * 7g prices (the weights of D5); every other category edits price and sale price.
 */
export function priceFieldsFor(category: string): readonly PriceField[] {
  const weights = WEIGHT_OPTIONS[category];
  return weights ? weights.map((w) => ({ field: w.field, label: `${w.label} price` })) : UNIT_PRICE_FIELDS;
}

const ALL_PRICE_FIELDS: readonly PriceFieldName[] = [
  'price',
  'salePrice',
  'price1g',
  'price2g',
  'price3_5g',
  'price7g',
  'priceHalfOz',
  'priceOz',
];

/** The product form's values, as the inputs hold them (strings; money in dollars). */
export interface ProductForm extends Record<PriceFieldName, string> {
  name: string;
  description: string;
  /** The category's id, '' until one is chosen (create mode). */
  categoryId: string;
  /** The strain's id (Flower); '' = none. */
  subcategoryId: string;
  status: ProductStatus;
  /** '' = not rated yet (only while the product has no rating). */
  rating: string;
  thcContent: string;
  cbdContent: string;
  /** THC per package in mg (edibles). */
  thcMg: string;
  /** Grams of cannabis per unit (pre-rolls, vaporizers). */
  netGrams: string;
  /** '' = none. */
  strainType: string;
  effects: string;
  flavor: string;
  origin: string;
  /** A path on this site or an https address; '' = none. */
  image: string;
  /** '' = not tracked. */
  stockQuantity: string;
  lowStockQuantity: string;
  isFeatured: boolean;
  isBestSeller: boolean;
}

export { STRAIN_TYPES };

const dollars = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));
const text = (n: number | null) => (n == null ? '' : String(n));

export function productToForm(p: AdminProduct): ProductForm {
  const prices = Object.fromEntries(ALL_PRICE_FIELDS.map((f) => [f, dollars(p[f])])) as Record<PriceFieldName, string>;
  return {
    ...prices,
    name: p.name,
    description: p.description,
    categoryId: String(p.categoryId),
    subcategoryId: p.subcategoryId == null ? '' : String(p.subcategoryId),
    status: p.status,
    // 0 is how the catalogue holds "not rated yet".
    rating: p.rating > 0 ? String(p.rating) : '',
    thcContent: text(p.thcContent),
    cbdContent: text(p.cbdContent),
    thcMg: text(p.thcMg),
    netGrams: text(p.netGrams),
    strainType: p.strainType && (STRAIN_TYPES as readonly string[]).includes(p.strainType) ? p.strainType : '',
    effects: p.effects,
    flavor: p.flavor ?? '',
    origin: p.origin ?? '',
    image: p.image,
    stockQuantity: text(p.stockQuantity),
    lowStockQuantity: text(p.lowStockQuantity),
    isFeatured: p.isFeatured,
    isBestSeller: p.isBestSeller,
  };
}

/** An empty form for a new product: a draft, in no category yet. */
export function emptyProductForm(): ProductForm {
  const prices = Object.fromEntries(ALL_PRICE_FIELDS.map((f) => [f, ''])) as Record<PriceFieldName, string>;
  return {
    ...prices,
    name: '',
    description: '',
    categoryId: '',
    subcategoryId: '',
    status: 'draft',
    rating: '',
    thcContent: '',
    cbdContent: '',
    thcMg: '',
    netGrams: '',
    strainType: '',
    effects: '',
    flavor: '',
    origin: '',
    image: '',
    stockQuantity: '',
    lowStockQuantity: String(DEFAULT_LOW_STOCK_QUANTITY),
    isFeatured: false,
    isBestSeller: false,
  };
}

/**
 * The new-product form prefilled from `p` (the Duplicate action): a draft named 'Copy of …' with
 * the same details and prices. Stock is goods on a shelf, not a detail: a tracked copy starts at 0
 * and its stock is received like any other.
 */
export function duplicateForm(p: AdminProduct): ProductForm {
  return {
    ...productToForm(p),
    name: `Copy of ${p.name}`,
    status: 'draft',
    stockQuantity: p.stockQuantity == null ? '' : '0',
  };
}

/** '' -> null; anything else its number (NaN when it is not one, which the schema reports). */
const optionalNumber = (s: string): number | null => (s.trim() === '' ? null : Number(s));
/** A field the schema requires: '' is not a number, and the schema says so. */
const requiredNumber = (s: string): number => optionalNumber(s) ?? Number.NaN;
const optionalText = (s: string): string | null => (s.trim() === '' ? null : s.trim());
const strainTypeOf = (s: string) => (s === '' ? null : (s as (typeof STRAIN_TYPES)[number]));

/** What the form sends whatever the mode, for a product in `category`. */
function commonInput(form: ProductForm, category: string) {
  return {
    name: form.name,
    description: form.description,
    status: form.status,
    thcContent: optionalNumber(form.thcContent),
    cbdContent: optionalNumber(form.cbdContent),
    strainType: strainTypeOf(form.strainType),
    effects: form.effects,
    flavor: optionalText(form.flavor),
    origin: optionalText(form.origin),
    image: form.image.trim(),
    subcategoryId: form.subcategoryId === '' ? null : Number(form.subcategoryId),
    stockQuantity: optionalNumber(form.stockQuantity),
    lowStockQuantity: requiredNumber(form.lowStockQuantity),
    isFeatured: form.isFeatured,
    isBestSeller: form.isBestSeller,
    ...(takesThcMg(category) ? { thcMg: optionalNumber(form.thcMg) } : {}),
    ...(takesNetGrams(category) ? { netGrams: optionalNumber(form.netGrams) } : {}),
  };
}

/**
 * The form as ProductUpdate's input. Price fields the category does not edit keep the product's
 * current values, so saving a Flower never wipes its base price and vice versa. An empty rating is
 * sent only as "not rated yet" while the product has none; otherwise it is an error.
 */
export function formToUpdateInput(form: ProductForm, product: AdminProduct): v.InferInput<typeof ProductUpdate> {
  const edited = new Set(priceFieldsFor(product.category).map((f) => f.field));
  const prices = Object.fromEntries(ALL_PRICE_FIELDS.map((f) => [f, edited.has(f) ? toCents(form[f]) : product[f]])) as Record<
    PriceFieldName,
    number | null
  >;
  const unrated = form.rating.trim() === '' && product.rating === 0;
  return {
    ...commonInput(form, product.category),
    ...prices,
    // Every product has a base price; an empty one is not a number, and the schema says so.
    price: prices.price ?? Number.NaN,
    ...(unrated ? {} : { rating: requiredNumber(form.rating) }),
  };
}

/**
 * The form as ProductCreate's input, for a product in `category` (the name of the chosen
 * category; '' before one is chosen). Only the category's price fields are sent; a weighed
 * product's price follows its smallest weight on the server.
 */
export function formToCreateInput(form: ProductForm, category: string): v.InferInput<typeof ProductCreate> {
  const prices = Object.fromEntries(priceFieldsFor(category).map((f) => [f.field, toCents(form[f.field])])) as Partial<
    Record<PriceFieldName, number | null>
  >;
  const { price, ...others } = prices;
  return {
    ...commonInput(form, category),
    ...others,
    // Required for a product sold by the unit: an empty one is not a number, and the schema says so.
    ...(WEIGHT_OPTIONS[category] ? {} : { price: price ?? Number.NaN }),
    categoryId: requiredNumber(form.categoryId),
    ...(form.rating.trim() === '' ? {} : { rating: requiredNumber(form.rating) }),
  };
}

/** What the product screens read of a category or strain (pickers, names in the history). */
export interface CategoryOption {
  id: number;
  name: string;
  /** The strain's category; null for a top-level category. */
  parentId: number | null;
  retired?: boolean | undefined;
}

/** How the audit trail and the bulk preview name a product's fields. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  salePrice: 'Sale price',
  ...Object.fromEntries(Object.values(WEIGHT_OPTIONS).flatMap((ws) => ws.map((w) => [w.field, `${w.label} price`]))),
  rating: 'Rating',
  thcContent: 'THC %',
  cbdContent: 'CBD %',
  thcMg: 'THC per package (mg)',
  netGrams: 'Net weight (g)',
  strainType: 'Strain type',
  effects: 'Effects',
  flavor: 'Flavor',
  origin: 'Origin',
  image: 'Image',
  categoryId: 'Category',
  subcategoryId: 'Strain',
  status: 'Status',
  available: 'In stock switch',
  stockQuantity: 'Stock',
  lowStockQuantity: 'Low stock threshold',
  isFeatured: 'Featured',
  isBestSeller: 'Best seller',
  isNewArrival: 'New arrival',
  isOrganic: 'Organic',
  deleted: 'Deleted',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? humanize(field);
}

const PRICE_FIELD_NAMES: ReadonlySet<string> = new Set(ALL_PRICE_FIELDS);

/**
 * A field's value as a person reads it: money for prices (stored in cents), names for category and
 * strain ids, Yes/No, a dash for nothing. Values come as the API or the audit trail gives them.
 */
export function formatFieldValue(
  field: string,
  value: string | number | boolean | null,
  categoryNames: ReadonlyMap<number, string>,
): string {
  if (value == null || value === '') return '—';
  if (PRICE_FIELD_NAMES.has(field) && Number.isFinite(Number(value))) return formatMoney(Number(value));
  if ((field === 'categoryId' || field === 'subcategoryId') && Number.isFinite(Number(value)))
    return categoryNames.get(Number(value)) ?? `#${value}`;
  if (field === 'status' && typeof value === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(value))
    return productStatusLabel(value as ProductStatus);
  if (value === true || value === 'true') return 'Yes';
  if (value === false || value === 'false') return 'No';
  return String(value);
}

/** A signed stock change as the ledger shows it: '+3.5 g', '−1 unit', '−2 units'. */
export function formatStockChange(quantity: number, category: string): string {
  const sign = quantity > 0 ? '+' : quantity < 0 ? '−' : '';
  return `${sign}${stockAmountLabel(Math.abs(quantity), category)}`;
}
