/**
 * Rules the image managers and the home page share (admin.md §2, §3, §5, §9): labels, which image a
 * location shows, the site image form and its validation, and the product picker's search.
 */
import * as v from 'valibot';
import { HOME_LOCATIONS, SIMPLE_SLOTS, type SITE_IMAGE_CATEGORIES, type SiteImageLocation } from '../../db/site-image-values.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { HOME_SLOT_SIZES, imageForLocation } from './home-images.ts';
import { ProductImageInput, SiteImageInput } from './site-images.schema.ts';

export type SiteImageCategory = (typeof SITE_IMAGE_CATEGORIES)[number];
export type HomeLocation = (typeof HOME_LOCATIONS)[number];

/** A site image row as GET /api/admin/site-images answers. */
export interface AdminSiteImage {
  id: number;
  category: SiteImageCategory;
  name: string;
  description: string;
  url: string;
  active: boolean;
  linkTo: string | null;
  location: SiteImageLocation;
  createdAt: number;
  updatedAt: number;
}

export const CATEGORY_LABELS: Record<SiteImageCategory, string> = {
  banner: 'Banner',
  deal: 'Deal',
  category: 'Category',
  promotional: 'Promotional',
};

export const LOCATION_LABELS: Record<SiteImageLocation, string> = {
  home_hero: 'Home hero',
  home_featured: 'Home featured',
  home_cta: 'Home call to action',
  home_products: 'Home products banner',
  home_about: 'Home about',
  category_header: 'Category header',
  hero_main: 'Hero main',
  hero_side: 'Hero side',
  featured_product: 'Featured product',
  about_section: 'About section',
  cta_banner: 'CTA banner',
  none: 'Not placed',
};

/** A slot the simple and home managers edit in place, with the size it is shown at. */
export interface ImageSlot {
  location: SiteImageLocation;
  label: string;
  width: number;
  height: number;
  /** Where the slot appears, for the admin. */
  note?: string;
}

export const SIMPLE_MANAGER_SLOTS: readonly ImageSlot[] = SIMPLE_SLOTS.map((s) => ({
  location: s.location,
  label: LOCATION_LABELS[s.location],
  width: s.width,
  height: s.height,
}));

/** Where each home location appears, for the admin. */
export const HOME_SLOT_NOTES: Record<HomeLocation, string> = {
  home_hero: 'Beside the headline at the top of the home page.',
  home_featured: 'Promotion card above the featured products.',
  home_cta: 'Wide banner below the categories.',
  home_products: 'Optional banner below the featured products; hidden until an image is set.',
  home_about: 'Beside "Why us" near the bottom of the page.',
};

export const HOME_MANAGER_SLOTS: readonly ImageSlot[] = HOME_LOCATIONS.map((location) => ({
  location,
  label: LOCATION_LABELS[location],
  ...HOME_SLOT_SIZES[location],
  note: HOME_SLOT_NOTES[location],
}));

/** The image a slot manager updates: the shown one, else the newest inactive one there, else none. */
export function slotImage(images: readonly AdminSiteImage[], location: string): AdminSiteImage | null {
  return (
    imageForLocation(images, location) ??
    imageForLocation(
      images.map((i) => ({ ...i, active: true })),
      location,
    )
  );
}

// ---------------------------------------------------------------------------------------------
// The site image form
// ---------------------------------------------------------------------------------------------

export interface SiteImageForm {
  name: string;
  description: string;
  category: SiteImageCategory;
  location: SiteImageLocation;
  linkTo: string;
  active: boolean;
  url: string;
}

export type SiteImageField = keyof SiteImageForm;

export const EMPTY_SITE_IMAGE_FORM: SiteImageForm = {
  name: '',
  description: '',
  category: 'banner',
  location: 'none',
  linkTo: '',
  active: true,
  url: '',
};

export function siteImageToForm(image: AdminSiteImage): SiteImageForm {
  return {
    name: image.name,
    description: image.description,
    category: image.category,
    location: image.location,
    linkTo: image.linkTo ?? '',
    active: image.active,
    url: image.url,
  };
}

/** admin.md §5 and §8: the words for a save without a name or an image. */
export const NAME_AND_URL_REQUIRED = 'Image name and URL are required';

export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; message: string; fields: Partial<Record<F, string>> };

/** Validates the form with the server's schema, so the form refuses what the API would. */
export function validateSiteImage(form: SiteImageForm): Checked<SiteImageInput, SiteImageField> {
  const result = v.safeParse(SiteImageInput, { ...form, linkTo: form.linkTo.trim() || null });
  if (result.success) return { ok: true, value: result.output };
  const fields = issuesToFields(result.issues, 'name') as Partial<Record<SiteImageField, string>>;
  const missing = !form.name.trim() || !form.url.trim();
  return { ok: false, message: missing ? NAME_AND_URL_REQUIRED : (Object.values(fields)[0] ?? NAME_AND_URL_REQUIRED), fields };
}

/** The input a slot manager saves: the existing image with a new URL, or a new one named after the slot. */
export function slotSaveInput(slot: ImageSlot, url: string, existing: AdminSiteImage | null): SiteImageForm {
  if (existing) return { ...siteImageToForm(existing), url, active: true };
  return { ...EMPTY_SITE_IMAGE_FORM, name: slot.label, location: slot.location, url };
}

/** Validates a product image URL with the server's schema. */
export function validateProductImage(url: string): Checked<{ image: string }, 'image'> {
  const result = v.safeParse(ProductImageInput, { image: url });
  if (result.success) return { ok: true, value: result.output };
  const message = result.issues[0]?.message ?? 'Image URL is required';
  return { ok: false, message, fields: { image: message } };
}

// ---------------------------------------------------------------------------------------------
// The product image manager
// ---------------------------------------------------------------------------------------------

/**
 * The product id in /product-image-manager/{id}: null for the picker (no id), 0 for a path whose
 * id is not a positive whole number.
 */
export function productIdFromPath(pathname: string): number | null {
  const match = /^\/product-image-manager(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  if (!/^\d{1,15}$/.test(match[1])) return 0;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** The picker's search: every word must appear in the name, category or id. */
export function searchProducts<T extends { id: number; name: string; categoryName: string }>(products: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((p) => {
    const text = `${p.name} ${p.categoryName} #${p.id}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
