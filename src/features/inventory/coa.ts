/**
 * D40: a package's certificate of analysis, a PDF kept in R2 beside the uploaded images. What a COA
 * is, decided by its bytes (as images are, D22), how large it may be, where it is kept and where a
 * shopper opens it. Pure, so the admin's form checks a file the way the server does.
 */

/** The largest COA the upload takes; a lab's certificate is a few hundred KB. */
export const MAX_COA_BYTES = 10 * 1024 * 1024;
export const MAX_COA_LABEL = '10 MB';

export const COA_MESSAGES = {
  missing: 'Choose the certificate of analysis (a PDF) to upload.',
  notPdf: 'The file is not a PDF. Upload the certificate of analysis as the PDF the lab sent.',
  tooLarge: `The certificate must be at most ${MAX_COA_LABEL}.`,
} as const;

/** Every PDF starts with `%PDF-` and its version ("%PDF-1.7"); a renamed image or page does not. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;

/** True when the bytes are a PDF by their signature; the name and the declared type play no part. */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_SIGNATURE.length + 3) return false;
  return PDF_SIGNATURE.every((b, i) => bytes[i] === b) && bytes[5] !== undefined && bytes[5] >= 0x30 && bytes[5] <= 0x39;
}

/** Where a package's COA is kept: a new key for every upload, so a replaced certificate is never served from an old copy's key. */
export function newCoaKey(packageId: number): string {
  const random = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `coa/${packageId}-${random}.pdf`;
}

export const COA_KEY_PATTERN = /^coa\/\d+-[0-9a-f]{32}\.pdf$/;

/** Where a shopper (and the admin) opens a package's COA: the shop's own origin, never R2's (defined with the catalogue's reads, below this layer). */
export { coaUrl } from '../catalog/catalog.ts';

/** The name a browser saves the COA under: the package's tag when it has one. */
export const coaFileName = (pkg: { id: number; tag: string | null }): string => `coa-${pkg.tag ?? `package-${pkg.id}`}.pdf`;
