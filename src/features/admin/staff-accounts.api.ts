/** D37: the Staff tab's calls; their types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { StaffChange, StaffInviteInput } from './staff-accounts.schema.ts';

const admin = api.admin;

export const staffApi = {
  list: () => call(admin.staff.$get()),
  invite: (json: StaffInviteInput) => call(admin.staff.$post({ json })),
  change: (id: number, json: StaffChange) => call(admin.staff[':id'].$patch({ param: { id: String(id) }, json })),
  sendLink: (id: number, email: string) => call(admin.staff[':id'].reset.$post({ param: { id: String(id) }, json: { email } })),
  audit: (id: number) => call(admin.staff[':id'].audit.$get({ param: { id: String(id) } })),
};
