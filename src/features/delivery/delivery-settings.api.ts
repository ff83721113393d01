/** The Delivery settings tab's calls (D31 zones, D36 schedule and closed dates); types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { ClosedDateInput, ScheduleInput, ZoneCreate, ZoneUpdate } from './delivery-settings.schema.ts';

const delivery = api.admin.delivery;
const param = (id: number) => ({ param: { id: String(id) } });

export const deliverySettingsApi = {
  zones: () => call(delivery.zones.$get()),
  createZone: (json: ZoneCreate) => call(delivery.zones.$post({ json })),
  /** The fields sent change; `zips`, when sent, replaces the zone's whole list in the same write. */
  updateZone: (id: number, json: ZoneUpdate) => call(delivery.zones[':id'].$patch({ ...param(id), json })),
  schedule: () => call(delivery.schedule.$get()),
  saveSchedule: (json: ScheduleInput) => call(delivery.schedule.$put({ json })),
  closedDates: () => call(delivery['closed-dates'].$get()),
  addClosedDate: (json: ClosedDateInput) => call(delivery['closed-dates'].$post({ json })),
  removeClosedDate: (date: string) => call(delivery['closed-dates'][':date'].$delete({ param: { date } })),
};
