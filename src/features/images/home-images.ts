/**
 * The home page's site images: which image a location shows, and what the page draws. No
 * dependencies, so the home page's island stays small.
 */

import type { HOME_LOCATIONS } from '../../db/site-image-values.ts';

/** The size each home location is drawn at (its aspect ratio; about 2x its widest rendering, D28). */
export const HOME_SLOT_SIZES: Record<(typeof HOME_LOCATIONS)[number], { width: number; height: number }> = {
  home_hero: { width: 1200, height: 800 },
  home_featured: { width: 1200, height: 800 },
  home_cta: { width: 1200, height: 500 },
  home_products: { width: 1200, height: 400 },
  home_about: { width: 1200, height: 800 },
};

/** What the home page needs of a site image (GET /api/site-images answers more). */
export interface ShownImage {
  url: string;
  name: string;
  description: string;
  linkTo: string | null;
}

/** The home page's slot for one location: the image at build time and the built-in default. */
export interface HomeImageSlot {
  initial: ShownImage | null;
  fallback: ShownImage | null;
}

/**
 * The image a location shows: of the active images placed there, the newest (highest id). The
 * home page and the slot managers use the same rule, so a manager edits what shoppers see.
 */
export function imageForLocation<T extends { id: number; location: string; active?: boolean }>(
  images: readonly T[],
  location: string,
): T | null {
  let found: T | null = null;
  for (const image of images) {
    if (image.location !== location || image.active === false) continue;
    if (!found || image.id > found.id) found = image;
  }
  return found;
}

/**
 * The simple manager's slots (admin.md §9) are the same places on the home page under their older
 * names: a home_* image wins, else the slot's image shows there (hero_side has no home place).
 */
export const SIMPLE_SLOT_FOR_HOME: Partial<Record<string, string>> = {
  home_hero: 'hero_main',
  home_featured: 'featured_product',
  home_about: 'about_section',
  home_cta: 'cta_banner',
};

/** The image the home page shows at a location: its own, else the simple manager's slot image. */
export function imageForHomeLocation<T extends { id: number; location: string; active?: boolean }>(
  images: readonly T[],
  location: string,
): T | null {
  const alias = SIMPLE_SLOT_FOR_HOME[location];
  return imageForLocation(images, location) ?? (alias ? imageForLocation(images, alias) : null);
}

/** Only a path on this site or an https address goes into src/href (the API already refuses others). */
export function isSafeImageUrl(url: unknown): url is string {
  return typeof url === 'string' && ((url.startsWith('/') && !url.startsWith('//')) || url.startsWith('https://'));
}

/** The shown part of a site image, or null when it is not fit to show. */
export function toShownImage(image: { url: unknown; name?: unknown; description?: unknown; linkTo?: unknown }): ShownImage | null {
  if (!isSafeImageUrl(image.url)) return null;
  return {
    url: image.url,
    name: typeof image.name === 'string' ? image.name : '',
    description: typeof image.description === 'string' ? image.description : '',
    linkTo: isSafeImageUrl(image.linkTo) ? image.linkTo : null,
  };
}

/** The alt text of a site image: its description, else its name. */
export const altText = (image: ShownImage): string => image.description.trim() || image.name.trim();
