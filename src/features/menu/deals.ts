/**
 * D32: deals as the admin sees them. Whether a deal prices a product at a moment is the pricing
 * module's rule (isDealLive); this adds what the admin's list says about each deal now.
 */
import type { WallTime } from '../../lib/ny-time.ts';
import { isDealLive } from '../pricing/pricing.ts';

/** Off: switched off by the admin. Otherwise where now falls in its window. */
export type DealState = 'scheduled' | 'live' | 'ended' | 'off';

export const DEAL_STATE_LABELS: Readonly<Record<DealState, string>> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  off: 'Off',
};

export function dealState(deal: { active: boolean; startsAt: number | null; endsAt: number | null }, now: number): DealState {
  if (!deal.active) return 'off';
  if (isDealLive(deal, now)) return 'live';
  return deal.startsAt != null && now < deal.startsAt ? 'scheduled' : 'ended';
}

/** A deal as /api/admin/deals answers it. Its window is New York wall time, and the instants. */
export interface AdminDeal {
  id: number;
  name: string;
  percentOff: number;
  /** Ascending. */
  productIds: number[];
  /** 'YYYY-MM-DDTHH:mm' in New York; null = open-ended on that side. */
  startsAt: WallTime | null;
  endsAt: WallTime | null;
  /** The same, as epoch ms (a fall-back night's wall time alone does not say which 1:30 it is). */
  startsAtMs: number | null;
  endsAtMs: number | null;
  active: boolean;
  /** At the time of the answer. */
  state: DealState;
  createdAt: number;
  updatedAt: number;
}
