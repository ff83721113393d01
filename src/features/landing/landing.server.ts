/**
 * D38: what a state landing page reads when it is rendered: every state's row, so the page says
 * what its state allows today and links the others with theirs.
 */
import type { Db } from '../../db/db.ts';
import { toNyWallTime } from '../../lib/ny-time.ts';
import { listStates } from '../delivery/states.server.ts';
import { publicState } from '../delivery/states.ts';
import { type LandingState, placeAt, type StateLandingView, secondsUntilNextOpening, stateLanding } from './landing.ts';

export interface StateLandingPage {
  view: StateLandingView;
  /** Seconds until a state opens and the page changes without a write; null when none is ahead. */
  keepSeconds: number | null;
}

/** The state page at `path` at `now`, or null when `path` is no state's page. */
export async function stateLandingPage(db: Db, path: string, now: number): Promise<StateLandingPage | null> {
  const place = placeAt(path);
  if (!place) return null;
  const today = toNyWallTime(now).slice(0, 10);
  const states: LandingState[] = (await listStates(db)).map((row) => ({ ...publicState(row, now), sources: row.sources }));
  // A state the shop has no row for sells nothing: its page says so rather than guess.
  const own = states.find((s) => s.code === place.code) ?? {
    code: place.code,
    name: place.stateName,
    sales: 'closed',
    opensOn: null,
    taxes: [],
  };
  return { view: stateLanding(place, own, states, today), keepSeconds: secondsUntilNextOpening(states, today, now) };
}
