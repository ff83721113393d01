/**
 * The shape of the seed catalogue. Money is integer cents (D1); stock is in the base unit
 * (grams for Flower and Concentrate, units otherwise) and converted when inserted.
 */
import type { CategoryName } from '../catalog.ts';

export type SeedCategorySlug = 'flower' | 'edible' | 'pre-roll' | 'vaporizer' | 'concentrate' | 'accessories';

export interface SeedCategory {
  slug: SeedCategorySlug;
  name: string;
  /** The rules' name for it (categories.kind), which stays when the admin renames it. */
  kind: CategoryName;
  description: string;
  /** Path under public/, e.g. /images/categories/flower-1a2b3c4d.webp */
  image: string;
  sortOrder: number;
}

export interface SeedStrain {
  slug: string;
  name: string;
  description: string;
  strainType: 'Indica' | 'Sativa' | 'Hybrid' | 'CBD';
  effects: string[];
  bestFor: string[];
  image: string;
  sortOrder: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  category: SeedCategorySlug;
  /** Strain slug, Flower only. */
  strain?: string;
  description: string;
  price: number;
  salePrice?: number;
  image: string;
  rating: number;
  reviews: number;
  thcContent?: number;
  cbdContent?: number;
  thcMg?: number;
  /** Cannabis grams in one unit, for pre-rolls (flower) and vaporizer cartridges (concentrate). */
  netGrams?: number;
  effects: string[];
  flavor?: string;
  strainType?: 'Indica' | 'Sativa' | 'Hybrid' | 'CBD';
  origin?: string;
  stock?: number;
  isNewArrival?: boolean;
  isBestSeller?: boolean;
  isFeatured?: boolean;
  isOrganic?: boolean;
  price1g?: number;
  price2g?: number;
  price3_5g?: number;
  price7g?: number;
  priceHalfOz?: number;
  priceOz?: number;
}
