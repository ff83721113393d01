/** Dispatch's staff calls (drivers, vehicles, a day's deliveries, assigning, runs, manifests); types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { AssignInput } from './dispatch.schema.ts';
import type { DriverFormInput, DriverUpdate } from './drivers.schema.ts';
import type { RunInput, RunUpdate } from './runs.schema.ts';
import type { VehicleFormInput, VehicleUpdate } from './vehicles.schema.ts';

const admin = api.admin;

export const dispatchApi = {
  day: (date: string) => call(admin.deliveries.$get({ query: { date } })),
  assign: (json: AssignInput) => call(admin.deliveries.assign.$post({ json })),
  manifest: (query: { date: string; window?: string; driver: string }) => call(admin.deliveries.manifest.$get({ query })),
  drivers: () => call(admin.drivers.$get()),
  createDriver: (json: DriverFormInput) => call(admin.drivers.$post({ json })),
  updateDriver: (id: number, json: DriverUpdate) => call(admin.drivers[':id'].$patch({ param: { id: String(id) }, json })),
  vehicles: () => call(admin.vehicles.$get()),
  createVehicle: (json: VehicleFormInput) => call(admin.vehicles.$post({ json })),
  updateVehicle: (id: number, json: VehicleUpdate) => call(admin.vehicles[':id'].$patch({ param: { id: String(id) }, json })),
  runs: (date: string) => call(admin.runs.$get({ query: { date } })),
  run: (id: number) => call(admin.runs[':id'].$get({ param: { id: String(id) } })),
  createRun: (json: RunInput) => call(admin.runs.$post({ json })),
  updateRun: (id: number, json: RunUpdate) => call(admin.runs[':id'].$patch({ param: { id: String(id) }, json })),
  deleteRun: (id: number) => call(admin.runs[':id'].$delete({ param: { id: String(id) } })),
};
