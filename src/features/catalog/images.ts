/** Image fallback rules (storefront.md §4). */

/** Stock-photo hosts whose pictures are never shown as a product (they are placeholders in disguise). */
export const STOCK_PHOTO_HOSTS = [
  'images.unsplash.com',
  'unsplash.com',
  'images.pexels.com',
  'via.placeholder.com',
  'placehold.co',
  'picsum.photos',
];

export function isStockPhoto(src: string): boolean {
  try {
    return STOCK_PHOTO_HOSTS.includes(new URL(src, 'http://local.invalid').hostname);
  } catch {
    return false;
  }
}

/** The placeholder text: the first 10 characters of the product name. */
export function placeholderText(name: string): string {
  return name.slice(0, 10);
}
