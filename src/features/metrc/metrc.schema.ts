/** D40: the inputs of the admin's track-and-trace routes, shared by the screen and the server. */
import * as v from 'valibot';
import { METRC_REPORT_STATUSES } from '../../db/inventory-values.ts';
import { ORDER_REF_PATTERN } from '../orders/orders.ts';

/** GET /api/admin/track-and-trace?status=…: one status, or every report. */
export const ReportsQuery = v.object({
  status: v.optional(v.picklist(METRC_REPORT_STATUSES, 'Choose waiting, needs_tag, sent or failed')),
});
export type ReportsQuery = v.InferOutput<typeof ReportsQuery>;

export const ReportRef = v.object({ orderRef: v.pipe(v.string(), v.regex(ORDER_REF_PATTERN, 'That is not an order reference')) });

/** POST …/:orderRef/retry: due again now, and with `sendNow` sent in the same request. */
export const RetryInput = v.strictObject({ sendNow: v.optional(v.boolean('Say true or false'), false) }, 'A retry takes only sendNow');
export type RetryInput = v.InferOutput<typeof RetryInput>;
