/** Dispatch's staff calls (drivers, a day's deliveries, assigning, manifests); types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { AssignInput } from './dispatch.schema.ts';
import type { DriverFormInput, DriverUpdate } from './drivers.schema.ts';

const admin = api.admin;

export const dispatchApi = {
  day: (date: string) => call(admin.deliveries.$get({ query: { date } })),
  assign: (json: AssignInput) => call(admin.deliveries.assign.$post({ json })),
  manifest: (query: { date: string; window?: string; driver: string }) => call(admin.deliveries.manifest.$get({ query })),
  drivers: () => call(admin.drivers.$get()),
  createDriver: (json: DriverFormInput) => call(admin.drivers.$post({ json })),
  updateDriver: (id: number, json: DriverUpdate) => call(admin.drivers[':id'].$patch({ param: { id: String(id) }, json })),
};
