/**
 * D38: what each state allows, from its row of data (the owner edits it; nothing here is law in
 * code). Pure: the API, checkout and the pages share these rules.
 */
import type { RuleSource, StateRule, StateSales, TaxLine } from '../../db/state-values.ts';
import { toNyWallTime } from '../../lib/ny-time.ts';
import { type DatedWindow, nyDate } from './windows.ts';

export interface StateRow {
  code: string;
  name: string;
  sales: StateSales;
  opensOn: string | null;
  taxes: TaxLine[];
  limitScope: 'order' | 'day';
  deliveryStart: string;
  deliveryEnd: string;
  /** D40: the shop's licence number in the state's Metrc ('' until set); its reports are filed under it. */
  metrcLicense?: string | undefined;
  sources: Record<StateRule, RuleSource>;
  updatedAt: number;
}

/**
 * How the state sells on the New York date `today`: closed before its opening date, and as its
 * row says from that date on, so a state opens on its date without a release.
 */
export function salesOn(state: Pick<StateRow, 'sales' | 'opensOn'>, today: string): StateSales {
  if (state.opensOn != null && today < state.opensOn) return 'closed';
  return state.sales;
}

/** The total percent of the tax lines charged on goods (12 for 1200 basis points). */
export function taxPercentOnGoods(taxes: readonly TaxLine[]): number {
  return taxes.filter((t) => t.appliesTo !== 'fee').reduce((sum, t) => sum + t.basisPoints, 0) / 100;
}

/** What GET /api/states answers for a state at `now`. */
export function publicState(state: StateRow, now: number) {
  return {
    code: state.code,
    name: state.name,
    sales: salesOn(state, nyDate(now)),
    opensOn: state.opensOn,
    taxPercent: taxPercentOnGoods(state.taxes),
    taxes: state.taxes.map((t) => ({ name: t.name, percent: t.basisPoints / 100, appliesTo: t.appliesTo })),
    limitScope: state.limitScope,
    deliveryHours: { start: state.deliveryStart, end: state.deliveryEnd },
  };
}
export type PublicState = ReturnType<typeof publicState>;

/** The rules that wait to be confirmed, for the admin's "to confirm" marks. */
export const rulesToConfirm = (state: Pick<StateRow, 'sources'>): StateRule[] =>
  (Object.entries(state.sources) as [StateRule, RuleSource][]).filter(([, s]) => s.toConfirm).map(([rule]) => rule);

/** What the admin reads of a state: the public answer, its rules as stored with their sources, and what waits to be confirmed. */
export function adminState(state: StateRow & { id: number }, now: number) {
  return { ...publicState(state, now), rules: state, toConfirm: rulesToConfirm(state) };
}
export type AdminState = ReturnType<typeof adminState>;

/** 'January 1, 2027' for a 'YYYY-MM-DD' date. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}

/** What a closed state's shoppers read: "We can't deliver to Virginia yet. Sales open on January 1, 2027." */
export function closedMessage(state: Pick<StateRow, 'name' | 'opensOn'>, today: string): string {
  const when = state.opensOn != null && state.opensOn > today ? ` Sales open on ${longDate(state.opensOn)}.` : '';
  return `We can't deliver to ${state.name} yet.${when}`;
}

/** The heading of a patients-only state: "DC: for registered medical patients". */
export const patientsHeading = (state: Pick<StateRow, 'code'>): string => `${state.code}: for registered medical patients`;

/** What a patients-only state asks of the shopper, in one sentence after the heading. */
export const PATIENTS_NEED =
  'Give your medical cannabis registry number and its expiry date at checkout, and show the registry card with your ID at the door.';

/**
 * D38: whether a window lies within a state's delivery hours (New York 'HH:mm'; a window ending at
 * midnight ends at 24:00).
 */
export function withinHours(window: Pick<DatedWindow, 'start' | 'end'>, state: Pick<StateRow, 'deliveryStart' | 'deliveryEnd'>): boolean {
  const start = toNyWallTime(window.start);
  const end = toNyWallTime(window.end);
  const endTime = end.slice(0, 10) > start.slice(0, 10) ? '24:00' : end.slice(11, 16);
  return start.slice(11, 16) >= state.deliveryStart && endTime <= state.deliveryEnd;
}
