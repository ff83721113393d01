/**
 * The state of every US ZIP code, from the generated us-zip-data.server.ts (scripts/zip-data.ts
 * writes it from the `zipcodes` dataset). Server only: islands show the server's message instead of
 * carrying the list.
 */
import { zipInState } from '../compliance/zip.ts';
import { stateName, type UsStateCode } from '../site/settings.ts';
import { zipStateProblem } from './delivery-settings.ts';
import { US_ZIP_RUNS } from './us-zip-data.server.ts';

let byZip: Map<string, string> | undefined;

/** Every ZIP the data knows with its state (two letters, as USPS writes it: 'DC', 'NY', 'PR'). */
export function usZipStates(): ReadonlyMap<string, string> {
  if (byZip) return byZip;
  const map = new Map<string, string>();
  for (const [state, text] of Object.entries(US_ZIP_RUNS)) {
    let last = 0;
    for (const run of text.split(',')) {
      const [start = '', more = '0'] = run.split('-');
      const first = last + Number.parseInt(start, 36);
      last = first + Number.parseInt(more, 36);
      for (let code = first; code <= last; code++) map.set(String(code).padStart(5, '0'), state);
    }
  }
  byZip = map;
  return map;
}

/** The state of a US ZIP code, or null when the dataset does not know it. */
export function zipState(zip: string): string | null {
  return usZipStates().get(zip) ?? null;
}

/**
 * Why each of `zips` cannot be in a zone of `zoneState`, in the list's order: a ZIP the dataset does
 * not know, a ZIP outside the served states, a ZIP of another served state (naming both states), and
 * a ZIP whose D12 prefix is not the zone state's (checkout checks the prefix, so it could never be
 * ordered to).
 */
export function zipProblems(zips: readonly string[], zoneState: UsStateCode): string[] {
  return zips.flatMap((zip) => {
    const problem =
      zipStateProblem(zip, zipState(zip), zoneState) ??
      (zipInState(zip, zoneState) ? null : `ZIP ${zip} does not start like ${stateName(zoneState)}'s ZIP codes, so checkout refuses it.`);
    return problem ? [problem] : [];
  });
}
