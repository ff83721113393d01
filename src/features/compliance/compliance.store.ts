/**
 * The delivery state the shopper is buying for, shared by the cart drawer's limit meter and the
 * checkout form (choosing a state in one shows it in the other), and the limits the API serves.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { api, call } from '../../lib/api.ts';
import type { PublicState } from '../delivery/states.ts';
import { SITE, type UsStateCode } from '../site/settings.ts';
import type { PurchaseLimit } from './limits.ts';

const CODES = SITE.states.map((s) => s.code) as readonly string[];

export const $deliveryState = persistentAtom<UsStateCode>('deliveryState', 'MD', {
  encode: (v) => v,
  decode: (raw) => (CODES.includes(raw) ? (raw as UsStateCode) : 'MD'),
});

export const $limits = atom<PurchaseLimit[] | null>(null);

let loading: Promise<void> | null = null;

/** Loads the limits once per page; a failure leaves them unknown (the server still enforces them). */
export function loadLimits(): Promise<void> {
  loading ??= call(api['purchase-limits'].$get())
    .then((limits) => $limits.set(limits))
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** D38: what each state allows today, as GET /api/states answers; null until loaded (the server still decides). */
export const $stateRules = atom<PublicState[] | null>(null);

let loadingRules: Promise<void> | null = null;

/** Loads the states' rules once per page; a failure leaves them unknown and is asked again next time. */
export function loadStateRules(): Promise<void> {
  loadingRules ??= call(api.states.$get())
    .then((rules) => $stateRules.set(rules))
    .catch(() => {
      loadingRules = null;
    });
  return loadingRules;
}
