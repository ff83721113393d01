/** The door's warning before a handover (D39), for islands; its types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { DoorVia } from './door.api.ts';
import type { IdCheck } from './door.schema.ts';

/** POST .../:ref/id-check: what the ID alone would be refused for (under age, over the day's limits). Records nothing. */
export const idCheckApi = (via: DoorVia, ref: string, json: IdCheck) =>
  call((via === 'driver' ? api.driver.orders[':ref'] : api.admin.deliveries[':ref'])['id-check'].$post({ param: { ref }, json }));
