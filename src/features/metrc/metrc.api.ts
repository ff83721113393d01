/** D40: the Track and trace screen's calls; their types come from the routes. */
import type { MetrcReportStatus } from '../../db/inventory-values.ts';
import { api, call } from '../../lib/api.ts';

const reports = api.admin['track-and-trace'];

export const trackAndTraceApi = {
  /** The reports, newest first, of one status or all, and whether Metrc's keys are set. */
  list: (status?: MetrcReportStatus) => call(reports.$get({ query: status ? { status } : {} })),
  /** Due again now; with `sendNow` sent in the same request, answering Metrc's outcome. */
  retry: (orderRef: string, sendNow: boolean) => call(reports[':orderRef'].retry.$post({ param: { orderRef }, json: { sendNow } })),
};
