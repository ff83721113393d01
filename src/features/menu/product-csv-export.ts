/**
 * Writing the products CSV: one record per product for the export, and the template's example
 * rows. What a file can say is in ./product-csv.ts.
 */

import { toNyWallTime } from '../../lib/ny-time.ts';
import { stockToBaseUnits } from '../catalog/stock.ts';
import type { CsvCell } from './csv.ts';
import { formatDollars } from './product-csv-cells.ts';
import { type ExistingProduct, PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from './product-csv-columns.ts';

const stockText = (milli: number | null) => String(stockToBaseUnits(milli) ?? '');
const numberText = (n: number | null) => (n == null ? '' : String(n));

/** One product as a CSV record, in PRODUCT_CSV_COLUMNS order. Numbers are written as numbers. */
export function exportRecord(p: ExistingProduct, categorySlug: ReadonlyMap<number, string>): CsvCell[] {
  const cells: Record<ProductCsvColumn, CsvCell> = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    status: p.status,
    category: categorySlug.get(p.categoryId) ?? '',
    strain: p.subcategoryId == null ? '' : (categorySlug.get(p.subcategoryId) ?? ''),
    description: p.description,
    price: formatDollars(p.price),
    sale_price: formatDollars(p.salePrice),
    price_1g: formatDollars(p.price1g),
    price_2g: formatDollars(p.price2g),
    price_3_5g: formatDollars(p.price3_5g),
    price_7g: formatDollars(p.price7g),
    price_half_oz: formatDollars(p.priceHalfOz),
    price_oz: formatDollars(p.priceOz),
    thc_percent: numberText(p.thcContent),
    cbd_percent: numberText(p.cbdContent),
    thc_mg: numberText(p.thcMg),
    net_grams: numberText(p.netGrams),
    strain_type: p.strainType ?? '',
    effects: p.effects,
    flavor: p.flavor ?? '',
    origin: p.origin ?? '',
    rating: String(p.rating),
    stock: stockText(p.stockMilli),
    low_stock: stockText(p.lowStockMilli),
    image: p.image,
    available: p.available,
    is_featured: p.isFeatured,
    is_best_seller: p.isBestSeller,
    is_new_arrival: p.isNewArrival,
    is_organic: p.isOrganic,
  };
  return PRODUCT_CSV_COLUMNS.map((c) => cells[c]);
}

/**
 * The template's example rows: one weighed product (a flower with its strain) and one sold by the
 * piece (an edible), as drafts, so importing the template unchanged adds nothing a shopper sees.
 */
export function templateRecords(slugs: { flower: string; strain: string | null; edible: string }): CsvCell[][] {
  const example = (values: Partial<Record<ProductCsvColumn, CsvCell>>) => PRODUCT_CSV_COLUMNS.map((c) => values[c] ?? '');
  return [
    example({
      name: 'Lemon Haze Reserve',
      status: 'draft',
      category: slugs.flower,
      strain: slugs.strain ?? '',
      description: 'Bright citrus nose with a sweet haze finish. Hand-trimmed, slow-cured.',
      price: '38.00',
      price_3_5g: '38.00',
      price_7g: '70.00',
      price_half_oz: '130.00',
      price_oz: '240.00',
      thc_percent: '22.4',
      cbd_percent: '0.1',
      strain_type: 'Sativa',
      effects: 'Energizing, Happy, Uplifting',
      flavor: 'Lemon',
      origin: 'Maryland',
      rating: '4.6',
      stock: '448',
      low_stock: '28',
      available: 'true',
      is_featured: 'false',
      is_best_seller: 'false',
      is_new_arrival: 'true',
      is_organic: 'false',
    }),
    example({
      name: 'Black Cherry Gummies 100mg',
      status: 'draft',
      category: slugs.edible,
      description: 'Ten 10 mg gummies with real cherry juice. Start low and go slow.',
      price: '22.00',
      sale_price: '26.00',
      thc_mg: '100',
      strain_type: 'Hybrid',
      effects: 'Relaxing, Happy',
      flavor: 'Black cherry',
      origin: 'Virginia',
      rating: '4.4',
      stock: '60',
      low_stock: '10',
      available: 'true',
      is_featured: 'false',
      is_best_seller: 'false',
      is_new_arrival: 'true',
      is_organic: 'false',
    }),
  ];
}

/** `products-2026-03-08.csv`: the day in the shop's time zone, so a file's name is the admin's date. */
export function csvFileName(kind: 'products' | 'products-template', now: Date): string {
  const day = toNyWallTime(now.getTime()).slice(0, 10);
  return `${kind}-${day}.csv`;
}
