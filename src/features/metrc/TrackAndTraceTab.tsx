import { Fragment, useId, useState } from 'react';
import { DataTable, EmptyNote, ListActions, LoadedView, SectionHead, smallButton, td } from '../../components/admin/AdminKit.tsx';
import { useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage, formatDateTime } from '../../components/admin/admin-ui.ts';
import LabelledSelect from '../../components/ui/LabelledSelect.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { METRC_REPORT_STATUSES, type MetrcReportStatus } from '../../db/inventory-values.ts';
import { trackAndTraceApi } from './metrc.api.ts';
import { METRC_STATUS_LABELS } from './metrc-report.ts';

const BADGE: Record<MetrcReportStatus, string> = {
  waiting: 'bg-amber-100 text-amber-900',
  needs_tag: 'bg-orange-100 text-orange-900',
  sent: 'bg-brand-100 text-brand-900',
  failed: 'bg-red-100 text-red-900',
};

const FILTERS = [{ value: '', label: 'All reports' }, ...METRC_REPORT_STATUSES.map((s) => ({ value: s, label: METRC_STATUS_LABELS[s] }))];

type Loaded = Awaited<ReturnType<typeof trackAndTraceApi.list>>;
type Report = Loaded['reports'][number];

/**
 * Track and trace (D40): every delivery's report to Metrc, newest first, with where it stands, why
 * it waits or what Metrc answered, a Retry, and the body as sent (or as it would be).
 */
export default function TrackAndTraceTab() {
  const [filter, setFilter] = useState<MetrcReportStatus | ''>('');
  const { state, reload, update } = useAdminData(() => trackAndTraceApi.list(filter || undefined), 'Failed to load the reports', filter);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const baseId = useId();

  const toggle = (ref: string) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(ref)) next.add(ref);
      return next;
    });

  const retry = async (ref: string) => {
    setBusy(ref);
    try {
      const report = await trackAndTraceApi.retry(ref, true);
      update((data) => ({ ...data, reports: data.reports.map((r) => (r.orderRef === ref ? report : r)) }));
      showToast({
        title: report.status === 'sent' ? `Order ${ref} reported to Metrc` : `Order ${ref}: ${METRC_STATUS_LABELS[report.status]}`,
        description: report.lastAnswer ?? '',
      });
    } catch (err) {
      showToast({ title: 'The report was not retried', description: errorMessage(err, 'Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Track and trace"
        actions={<ListActions onRefresh={reload} />}
        introClassName="max-w-3xl"
      >
        Each delivered order is reported to the state’s Metrc: the packages it left in (by tag), the driver, the vehicle and the planned
        route. Reports are sent every few minutes. One that waits says why; one Metrc refused shows Metrc’s answer and is sent again only
        when you press Retry.
      </SectionHead>

      <LabelledSelect
        id={`${baseId}-filter`}
        label="Show"
        inline
        value={filter}
        options={FILTERS}
        onChange={(v) => setFilter(v as MetrcReportStatus | '')}
      />

      <LoadedView state={state} loading="Loading the reports…" failed="Failed to load the reports" onRetry={reload}>
        {(data) => (
          <>
            {!data.credentials.configured && (
              <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <strong>Metrc is not configured.</strong> {data.credentials.missing.join(', ')}{' '}
                {data.credentials.missing.length === 1 ? 'is' : 'are'} not set, so no report is sent: they wait here until the Worker has
                {data.credentials.missing.length === 1 ? ' it' : ' them'} (a secret set with wrangler, see the README).
              </p>
            )}
            {data.reports.length === 0 ? (
              <EmptyNote>{filter ? `No reports ${METRC_STATUS_LABELS[filter].toLowerCase()}` : 'No deliveries reported yet'}</EmptyNote>
            ) : (
              <DataTable
                caption="Reports to Metrc, newest first"
                className="w-full min-w-[60rem] text-sm"
                columns={[
                  'Delivered',
                  'Order',
                  'State',
                  'Status',
                  { label: 'Tries', right: true },
                  'Why, or Metrc’s answer',
                  'Next',
                  'Actions',
                ]}
              >
                {data.reports.map((r) => (
                  <ReportRow
                    key={r.orderRef}
                    report={r}
                    expanded={open.has(r.orderRef)}
                    bodyId={`${baseId}-body-${r.orderRef}`}
                    busy={busy === r.orderRef}
                    onToggle={() => toggle(r.orderRef)}
                    onRetry={() => void retry(r.orderRef)}
                  />
                ))}
              </DataTable>
            )}
          </>
        )}
      </LoadedView>
    </section>
  );
}

function ReportRow({
  report: r,
  expanded,
  bodyId,
  busy,
  onToggle,
  onRetry,
}: {
  report: Report;
  expanded: boolean;
  bodyId: string;
  busy: boolean;
  onToggle: () => void;
  onRetry: () => void;
}) {
  const next =
    r.status === 'sent'
      ? `Sent ${r.sentAt != null ? formatDateTime(r.sentAt) : ''}`
      : r.status === 'failed'
        ? 'Waits for you'
        : r.sending
          ? 'Sending now'
          : formatDateTime(r.nextAttemptAt);
  return (
    <Fragment>
      <tr>
        <td className={`${td} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
        <td className={`${td} font-mono text-xs`}>{r.orderRef}</td>
        <td className={td}>{r.state}</td>
        <td className={td}>
          <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[r.status]}`}>
            {METRC_STATUS_LABELS[r.status]}
          </span>
        </td>
        <td className={`${td} text-right`}>{r.attempts}</td>
        <td className={`${td} max-w-96 break-words`}>
          {r.lastStatus != null && <span className="block text-xs font-semibold text-muted">Metrc answered {r.lastStatus}</span>}
          {r.lastAnswer ?? <span className="text-muted">Nothing yet</span>}
        </td>
        <td className={`${td} whitespace-nowrap`}>{next}</td>
        <td className={td}>
          <div className="flex flex-wrap gap-2">
            {r.status !== 'sent' && (
              <button type="button" className={smallButton} onClick={onRetry} disabled={busy || r.sending}>
                {busy ? 'Sending…' : 'Retry'}
                <span className="sr-only"> the report of order {r.orderRef}</span>
              </button>
            )}
            <button type="button" className={smallButton} aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle}>
              {expanded ? 'Hide body' : 'Show body'}
              <span className="sr-only"> of the report of order {r.orderRef}</span>
            </button>
          </div>
        </td>
      </tr>
      <tr id={bodyId} hidden={!expanded}>
        <td colSpan={8} className="bg-stone-50 px-3 py-3">
          <p className="mb-2 text-xs text-muted">
            {r.status === 'sent' ? 'The body sent to Metrc' : 'The body as it stands; it is built again from the order before each try'}
          </p>
          <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">
            {JSON.stringify(r.payload, null, 2)}
          </pre>
        </td>
      </tr>
    </Fragment>
  );
}
