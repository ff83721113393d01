/**
 * The products CSV's columns and what they hold: the header names in file order, the product
 * fields they map to, the limits a cell may take and a new product's defaults. The file's rules
 * are in ./product-csv.ts.
 */

import { DEFAULT_LOW_STOCK_MILLI, type ProductStatus } from '../../db/menu-values.ts';
import type { WeightPriceField, WeightPrices } from '../catalog/catalog.ts';

export const PRODUCT_CSV_COLUMNS = [
  'id',
  'slug',
  'name',
  'status',
  'category',
  'strain',
  'description',
  'price',
  'sale_price',
  'price_1g',
  'price_2g',
  'price_3_5g',
  'price_7g',
  'price_half_oz',
  'price_oz',
  'thc_percent',
  'cbd_percent',
  'thc_mg',
  'net_grams',
  'strain_type',
  'effects',
  'flavor',
  'origin',
  'rating',
  'stock',
  'low_stock',
  'image',
  'available',
  'is_featured',
  'is_best_seller',
  'is_new_arrival',
  'is_organic',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** What a new product cannot do without; every other column may be left out of the file. */
export const REQUIRED_COLUMNS = ['name', 'category'] as const satisfies readonly ProductCsvColumn[];

/** The product fields the CSV covers, as stored (cents, stock units). */
export interface ProductValues extends WeightPrices {
  slug: string;
  name: string;
  status: ProductStatus;
  categoryId: number;
  subcategoryId: number | null;
  description: string;
  price: number;
  salePrice: number | null;
  thcContent: number | null;
  cbdContent: number | null;
  thcMg: number | null;
  netGrams: number | null;
  strainType: string | null;
  effects: string;
  flavor: string | null;
  origin: string | null;
  rating: number;
  /** Thousandths of the base unit; null = not counted (D6). */
  stockMilli: number | null;
  lowStockMilli: number;
  image: string;
  available: boolean;
  isFeatured: boolean;
  isBestSeller: boolean;
  isNewArrival: boolean;
  isOrganic: boolean;
}

export interface ExistingProduct extends ProductValues {
  id: number;
}

export interface CategoryRef {
  id: number;
  name: string;
  /** The rules' name for a built-in category (catalog.ts categoryKey). */
  kind: string | null;
  slug: string;
  parentId: number | null;
  retired: boolean;
}

export const WEIGHT_COLUMNS = {
  price1g: 'price_1g',
  price2g: 'price_2g',
  price3_5g: 'price_3_5g',
  price7g: 'price_7g',
  priceHalfOz: 'price_half_oz',
  priceOz: 'price_oz',
} as const satisfies Record<WeightPriceField, ProductCsvColumn>;
export const WEIGHT_FIELDS = Object.keys(WEIGHT_COLUMNS) as WeightPriceField[];
export const WEIGHT_LABELS: Record<WeightPriceField, string> = {
  price1g: '1g',
  price2g: '2g',
  price3_5g: '3.5g',
  price7g: '7g',
  priceHalfOz: '1/2 oz',
  priceOz: '1 oz',
};

/** Columns that hold a ProductValues field one to one (id, category and strain are looked up). */
export const FIELD_OF = {
  slug: 'slug',
  name: 'name',
  status: 'status',
  description: 'description',
  price: 'price',
  sale_price: 'salePrice',
  ...Object.fromEntries(WEIGHT_FIELDS.map((f) => [WEIGHT_COLUMNS[f], f])),
  thc_percent: 'thcContent',
  cbd_percent: 'cbdContent',
  thc_mg: 'thcMg',
  net_grams: 'netGrams',
  strain_type: 'strainType',
  effects: 'effects',
  flavor: 'flavor',
  origin: 'origin',
  rating: 'rating',
  stock: 'stockMilli',
  low_stock: 'lowStockMilli',
  image: 'image',
  available: 'available',
  is_featured: 'isFeatured',
  is_best_seller: 'isBestSeller',
  is_new_arrival: 'isNewArrival',
  is_organic: 'isOrganic',
} as Record<Exclude<ProductCsvColumn, 'id' | 'category' | 'strain'>, keyof ProductValues>;

/** A new product's values before its row's cells are applied (the columns' defaults). */
export const NEW_PRODUCT: Omit<ProductValues, 'categoryId'> = {
  slug: '',
  name: '',
  status: 'draft',
  subcategoryId: null,
  description: '',
  price: 0,
  salePrice: null,
  price1g: null,
  price2g: null,
  price3_5g: null,
  price7g: null,
  priceHalfOz: null,
  priceOz: null,
  thcContent: null,
  cbdContent: null,
  thcMg: null,
  netGrams: null,
  strainType: null,
  effects: '',
  flavor: null,
  origin: null,
  rating: 0,
  stockMilli: null,
  lowStockMilli: DEFAULT_LOW_STOCK_MILLI,
  image: '',
  available: true,
  isFeatured: false,
  isBestSeller: false,
  isNewArrival: false,
  isOrganic: false,
};
