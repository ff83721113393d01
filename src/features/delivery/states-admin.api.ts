/** D38: the States tab's calls; their types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { StatePatch } from './states.schema.ts';

const admin = api.admin;

export const statesApi = {
  list: () => call(admin.states.$get()),
  /** Sends only the fields that change; answers the state as it now is. */
  change: (code: string, json: StatePatch) => call(admin.states[':code'].$patch({ param: { code }, json })),
  history: (code: string) => call(admin.states[':code'].history.$get({ param: { code } })),
};
