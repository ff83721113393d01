/**
 * Image upload rules (D22, admin.md §5, §8, §9): what counts as an image is decided by its bytes,
 * never by its name or declared type. SVG is refused (it can carry script).
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TIMEOUT_MS = 30_000;

export const UPLOAD_MESSAGES = {
  notImage: 'Only image files are allowed',
  tooLarge: 'File size must be less than 5MB',
  missing: 'Please upload an image first',
  timeout: 'Upload timed out. Please try again with a smaller image.',
  failed: 'Failed to upload image',
  unauthenticated: 'Not authenticated. Please log in to the admin panel first.',
} as const;

import { IMAGE_EXTENSIONS, type ImageType } from '../../lib/image-type.ts';

/** A content-derived key (D28): the same bytes always get the same name, so it can be cached forever. */
export async function imageKey(bytes: Uint8Array<ArrayBuffer>, type: ImageType): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `uploads/${hex}.${IMAGE_EXTENSIONS[type]}`;
}

/** Where an uploaded image is served from, on the site's own origin. */
export const IMAGE_ROUTE_PREFIX = '/api/images/';

export function imageUrlFor(key: string): string {
  return `${IMAGE_ROUTE_PREFIX}${key}`;
}

export const IMAGE_KEY_PATTERN = /^uploads\/[0-9a-f]{32}\.(jpg|png|webp|avif|gif)$/;
