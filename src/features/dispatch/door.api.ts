/** The door's calls for islands (D30, D34); their types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { DeliveryCheck, DeliveryFailure } from './door.schema.ts';

/** Who is moving the order: the driver (their own stops) or dispatch (any order). */
export type DoorVia = 'driver' | 'admin';

const moves = (via: DoorVia) => (via === 'driver' ? api.driver.orders[':ref'] : api.admin.deliveries[':ref']);

export const doorApi = {
  /** GET /api/driver/assignments: the signed-in driver's stops today, by window. */
  assignments: () => call(api.driver.assignments.$get()),
  out: (via: DoorVia, ref: string) => call(moves(via).out.$post({ param: { ref } })),
  delivered: (via: DoorVia, ref: string, json: DeliveryCheck) => call(moves(via).delivered.$post({ param: { ref }, json })),
  failed: (via: DoorVia, ref: string, json: DeliveryFailure) => call(moves(via).failed.$post({ param: { ref }, json })),
};
