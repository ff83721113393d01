import { Fragment, useId, useState } from 'react';
import { DataTable, EmptyNote, LoadedView, OutboxStatusBadge, smallButton, td } from '../../components/admin/AdminKit.tsx';
import { useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { formatDateTime, humanize } from '../../components/admin/admin-ui.ts';

/** Every e-mail the shop sends, as the outbox holds it (D18): nothing is dropped out of sight. */
export default function OutboxTab() {
  const { state, reload } = useAdminData(() => adminApi.outbox(), 'Failed to load the outbox');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();

  const toggle = (id: number) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${baseId}-title`} className="text-xl font-bold">
          Outbox
        </h2>
        <button type="button" className={smallButton} onClick={reload}>
          Refresh
        </button>
      </div>
      <p className="max-w-3xl text-sm text-muted">
        Every e-mail the shop sends (order confirmations, status changes, your messages, contact receipts) is written here first and then
        handed to the mail provider. When no mail provider is configured, messages stay here as{' '}
        <strong className="text-ink">Pending</strong>: they are not lost, and you can read each one below. Staff invitations and password
        resets are the exception: their link is never kept here (the message shows it hidden), and they go to the mail provider once, when
        sent, and are never retried. If one failed, send a new link from the Staff tab.
      </p>

      <LoadedView state={state} loading="Loading the outbox…" failed="Failed to load the outbox" onRetry={reload}>
        {(data) =>
          data.messages.length === 0 ? (
            <EmptyNote>No e-mails yet</EmptyNote>
          ) : (
            <DataTable
              caption="Outbox"
              className="w-full min-w-[56rem] text-sm"
              columns={[
                'Date',
                'Kind',
                'To',
                'Subject',
                'Status',
                { label: 'Attempts', right: true },
                'Last error',
                { label: 'Message', srOnly: true },
              ]}
            >
              {data.messages.map((m) => {
                const expanded = open.has(m.id);
                const bodyId = `${baseId}-body-${m.id}`;
                return (
                  <Fragment key={m.id}>
                    <tr>
                      <td className={`${td} whitespace-nowrap`}>{formatDateTime(m.createdAt)}</td>
                      <td className={td}>{humanize(m.kind)}</td>
                      <td className={`${td} break-words`}>{m.toAddress}</td>
                      <td className={td}>{m.subject}</td>
                      <td className={td}>
                        <OutboxStatusBadge status={m.status} />
                        {m.sentAt != null && <span className="mt-1 block text-xs text-muted">Sent {formatDateTime(m.sentAt)}</span>}
                      </td>
                      <td className={`${td} text-right`}>{m.attempts}</td>
                      <td className={`${td} max-w-56 break-words text-red-800`}>
                        {m.lastError ?? <span className="text-muted">None</span>}
                      </td>
                      <td className={td}>
                        <button
                          type="button"
                          className={smallButton}
                          aria-expanded={expanded}
                          aria-controls={bodyId}
                          onClick={() => toggle(m.id)}
                        >
                          {expanded ? 'Hide' : 'Show'}
                          <span className="sr-only"> message to {m.toAddress}</span>
                        </button>
                      </td>
                    </tr>
                    <tr id={bodyId} hidden={!expanded}>
                      <td colSpan={8} className="bg-stone-50 px-3 py-3">
                        <pre className="whitespace-pre-wrap break-words font-sans text-sm">{m.body}</pre>
                      </td>
                    </tr>
                  </Fragment>
                );
              })}
            </DataTable>
          )
        }
      </LoadedView>
    </section>
  );
}
