/**
 * D12: a delivery ZIP must lie in the chosen state. USPS assigns ZIP codes by three-digit prefix;
 * these are the prefixes of each service area (source: USPS ZIP code prefix list, L002).
 */
import * as v from 'valibot';
import { type UsStateCode, ZIP_PATTERN } from '../site/settings.ts';

/** A 5-digit ZIP code, as checkout and the delivery quote take it (D12). */
export const ZipCode = v.pipe(
  v.string('ZIP code is required'),
  v.trim(),
  v.nonEmpty('ZIP code is required'),
  v.regex(ZIP_PATTERN, 'ZIP code must be 5 digits'),
);

const ZIP_PREFIXES: Record<UsStateCode, readonly [number, number][]> = {
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  MD: [
    [206, 212],
    [214, 219],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
};

export function zipInState(zip: string, state: UsStateCode): boolean {
  if (!ZIP_PATTERN.test(zip)) return false;
  const prefix = Number(zip.slice(0, 3));
  return ZIP_PREFIXES[state].some(([from, to]) => prefix >= from && prefix <= to);
}
