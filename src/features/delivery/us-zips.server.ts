/**
 * The state of every US ZIP code, from the generated us-zip-data.server.ts (scripts/zip-data.ts
 * writes it from the `zipcodes` dataset). Server only: islands show the server's message instead of
 * carrying the list.
 */
import { zipInState } from '../compliance/zip.ts';
import { stateName, type UsStateCode } from '../site/settings.ts';
import { zipStateProblem } from './delivery-settings.ts';
import { US_ZIP_RUNS } from './us-zip-data.server.ts';

/** Calls `each` for every run of consecutive ZIP codes the data holds, ascending within a state. */
function forEachRun(each: (state: string, first: number, last: number) => void): void {
  for (const [state, text] of Object.entries(US_ZIP_RUNS)) {
    let last = 0;
    for (const run of text.split(',')) {
      const [start = '', more = '0'] = run.split('-');
      const first = last + Number.parseInt(start, 36);
      last = first + Number.parseInt(more, 36);
      each(state, first, last);
    }
  }
}

/** Every ZIP the data knows with its state (two letters, as USPS writes it: 'DC', 'NY', 'PR'). */
export function usZipStates(): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  forEachRun((state, first, last) => {
    for (let code = first; code <= last; code++) map.set(String(code).padStart(5, '0'), state);
  });
  return map;
}

/**
 * The states of `zips` the data knows (an unknown ZIP is absent), found by walking the runs once
 * without decoding the other ZIPs: a zone edit stays within a request's CPU budget, and nothing is
 * kept between requests.
 */
export function zipStates(zips: readonly string[]): ReadonlyMap<string, string> {
  const wanted = [...new Set(zips)].map((zip) => ({ zip, code: Number(zip) })).sort((a, b) => a.code - b.code);
  const found = new Map<string, string>();
  let state = '';
  let next = 0;
  forEachRun((runState, first, last) => {
    if (runState !== state) [state, next] = [runState, 0];
    while ((wanted[next]?.code ?? Number.POSITIVE_INFINITY) < first) next++;
    for (let i = next; i < wanted.length && (wanted[i]?.code ?? 0) <= last; i++) found.set(wanted[i]?.zip ?? '', runState);
  });
  return found;
}

/**
 * Why each of `zips` cannot be in a zone of `zoneState`, in the list's order: a ZIP the dataset does
 * not know, a ZIP outside the served states, a ZIP of another served state (naming both states), and
 * a ZIP whose D12 prefix is not the zone state's (checkout checks the prefix, so it could never be
 * ordered to).
 */
export function zipProblems(zips: readonly string[], zoneState: UsStateCode): string[] {
  const states = zipStates(zips);
  return zips.flatMap((zip) => {
    const problem =
      zipStateProblem(zip, states.get(zip) ?? null, zoneState) ??
      (zipInState(zip, zoneState) ? null : `ZIP ${zip} does not start like ${stateName(zoneState)}'s ZIP codes, so checkout refuses it.`);
    return problem ? [problem] : [];
  });
}
