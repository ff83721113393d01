/**
 * D38: the one line a shopper reads about what a state allows today, from its data (GET /api/states
 * or the states table): the home page's island and the state landing pages say the same. Pure and
 * small, so an island can import it.
 */
import type { StateSales } from '../../db/state-values.ts';
import { closedMessage, patientsHeading } from '../delivery/states.ts';
import { SITE } from '../site/settings.ts';

/** What the line needs of a state: its sales already resolved for `today` (publicState does). */
export interface StateStatus {
  code: string;
  name: string;
  sales: StateSales;
  opensOn: string | null;
}

/**
 * "Delivery to adults 21+ with valid ID.", "DC: for registered medical patients." or "We can't
 * deliver to Virginia yet. Sales open on January 1, 2027." for the New York date `today`.
 */
export function statusLine(state: StateStatus, today: string): string {
  switch (state.sales) {
    case 'adult':
      return `Delivery to adults ${SITE.minimumAge}+ with valid ID.`;
    case 'patients':
      return `${patientsHeading(state)}.`;
    case 'closed':
      return closedMessage(state, today);
  }
}

/** What the page says before it knows a state's status (no script yet, or no answer). */
export const STATUS_UNKNOWN = 'See what each state allows.';
