/** Site images (admin.md §3) and product image URLs: one schema for the managers and the server. */
import * as v from 'valibot';
import { SITE_IMAGE_CATEGORIES, SITE_IMAGE_LOCATIONS } from '../../db/site-image-values.ts';

/**
 * An image or link target the shop may show: a path on this site, or an https URL. Anything else
 * (javascript:, data:, http:) is refused, so stored values are always safe to put in src/href.
 */
export const isSafeUrl = (s: string): boolean => (s.startsWith('/') && !s.startsWith('//')) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(s);
export const SAFE_URL_MESSAGE = 'Use a path on this site (/...) or an https:// address';
export const MAX_URL_LENGTH = 2000;

export const SafeUrl = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(MAX_URL_LENGTH, 'The URL is too long'),
    v.check(isSafeUrl, SAFE_URL_MESSAGE),
  );

export const SiteImageInput = v.pipe(
  v.strictObject({
    category: v.optional(v.picklist(SITE_IMAGE_CATEGORIES, 'Choose a category'), 'banner'),
    name: v.pipe(
      v.string('Image name and URL are required'),
      v.trim(),
      v.nonEmpty('Image name and URL are required'),
      v.maxLength(120, 'The name is too long'),
    ),
    description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'The description is too long')), ''),
    url: SafeUrl('Image name and URL are required'),
    active: v.optional(v.boolean(), true),
    linkTo: v.optional(v.nullable(v.union([v.literal(''), SafeUrl('Link must be a path or an https:// address')])), null),
    location: v.optional(v.picklist(SITE_IMAGE_LOCATIONS, 'Choose a location'), 'none'),
    /** admin.md §7: one editor also sends the id it edits; the path's id is the one used. */
    id: v.optional(v.unknown()),
  }),
  // Never let a body choose the row's id.
  v.transform(({ id: _id, ...fields }) => fields),
);
export type SiteImageInput = v.InferOutput<typeof SiteImageInput>;

export const ProductImageInput = v.strictObject({ image: SafeUrl('Image URL is required') });
