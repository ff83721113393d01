/**
 * D40: the rules of packages, for the server and the admin screens alike: what a package is
 * counted in, what makes a valid Metrc tag, and which package a shopper gets next.
 */
import { METRC_TAG_PATTERN } from '../../db/inventory-values.ts';

export { packageUnit } from '../catalog/stock.ts';

/** A tag as typed (spaces, lower case) in the form Metrc prints it. */
export function normaliseTag(tag: string): string {
  return tag.replace(/\s+/g, '').toUpperCase();
}

export function isMetrcTag(tag: string): boolean {
  return METRC_TAG_PATTERN.test(tag);
}

/**
 * D40: whether a product's sales are traced in Metrc by package tag. Metrc tracks cannabis;
 * accessories (papers, lighters, batteries) hold stock in packages too but carry no tag and are not
 * reported.
 */
export function isTraced(category: string): boolean {
  return category !== 'Accessories';
}

export const TAG_MESSAGE = 'A Metrc tag is 24 letters and digits starting 1A4, as printed on the package label.';

/** First in, first out (D40): the oldest received package sells first; ties go to the one entered first. */
export function fifoOrder<P extends { receivedOn: string; id: number }>(list: readonly P[]): P[] {
  return [...list].sort((a, b) => (a.receivedOn === b.receivedOn ? a.id - b.id : a.receivedOn < b.receivedOn ? -1 : 1));
}

/** The package a shopper would get next: the first, in FIFO order, that is active and holds stock. */
export function nextPackage<P extends { receivedOn: string; id: number; status: string; quantityMilli: number }>(
  list: readonly P[],
): P | null {
  return fifoOrder(list.filter((p) => p.status === 'active' && p.quantityMilli > 0))[0] ?? null;
}
