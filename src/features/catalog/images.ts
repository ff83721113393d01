/** Image fallback rules (storefront.md §4), shared by the flower image generator (admin.md §2). */

/**
 * Hosts whose pictures are never shown as a product: stock photos and dummy-image services are
 * placeholders in disguise.
 */
export const STOCK_PHOTO_HOSTS = [
  'images.unsplash.com',
  'unsplash.com',
  'images.pexels.com',
  'via.placeholder.com',
  'placehold.co',
  'placehold.it',
  'placeholder.com',
  'dummyimage.com',
  'fakeimg.pl',
  'picsum.photos',
  'loremflickr.com',
  'example.com',
  'example.org',
  'example.net',
];

/** A file named as a stand-in ('placeholder.png', '/img/no-image.jpg', 'coming-soon.webp'). */
const PLACEHOLDER_PATH = /placeholder|dummy|no[-_]?image|coming[-_]?soon/i;

/** Values that are not an address at all ('#', 'null', 'N/A', 'TBD'). */
const DUMMY_VALUE = /^(#|-|null|undefined|none|n\/?a|tbd|todo)$/i;

/** A stand-in rather than a picture of the product: a stock or dummy-image host, or a file named as a placeholder. */
export function isStockPhoto(src: string): boolean {
  const value = src.trim();
  if (DUMMY_VALUE.test(value)) return true;
  try {
    const url = new URL(value, 'http://local.invalid');
    return STOCK_PHOTO_HOSTS.includes(url.hostname) || PLACEHOLDER_PATH.test(url.pathname);
  } catch {
    // new URL throws only on a value that is no URL, which is no stock photo either.
    return false;
  }
}

/** The product has no picture of its own: its image is empty or a stand-in (shown as the §4 placeholder). */
export function isPlaceholderImage(src: string | null | undefined): boolean {
  return !src?.trim() || isStockPhoto(src);
}

/** The placeholder text: the first 10 characters of the product name. */
export function placeholderText(name: string): string {
  return name.slice(0, 10);
}
