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

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/gif';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image type the bytes really are, from their signature; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes[0] === 0x89 &&
    ascii(bytes, 1, 4) === 'PNG' &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return 'image/png';
  }
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO BMFF: ....ftyp followed by an AVIF brand.
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'image/avif';
  return null;
}

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
