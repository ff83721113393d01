import { useId } from 'react';
import { EmptyNote, LoadedView, smallButton } from '../../components/admin/AdminKit.tsx';
import { useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { formatDateTime } from '../../components/admin/admin-ui.ts';

/** Contact messages (D19): stored and read here, not only e-mailed. */
export default function MessagesTab() {
  const { state, reload } = useAdminData(() => adminApi.messages(), 'Failed to load messages');
  const baseId = useId();

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${baseId}-title`} className="text-xl font-bold">
          Messages
        </h2>
        <button type="button" className={smallButton} onClick={reload}>
          Refresh
        </button>
      </div>
      <LoadedView state={state} loading="Loading messages…" failed="Failed to load messages" onRetry={reload}>
        {(data) =>
          data.messages.length === 0 ? (
            <EmptyNote>No messages yet</EmptyNote>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.messages.map((m) => (
                <li key={m.id}>
                  <article aria-labelledby={`${baseId}-${m.id}`} className="rounded-2xl border border-stone-200 bg-white p-5">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 id={`${baseId}-${m.id}`} className="font-semibold">
                        {m.subject}
                      </h3>
                      <p className="text-sm text-muted">{formatDateTime(m.createdAt)}</p>
                    </div>
                    <p className="mt-1 text-sm">
                      From {m.name}{' '}
                      <a className="break-all text-brand-800 underline" href={`mailto:${m.email}`}>
                        {m.email}
                      </a>
                    </p>
                    <p className="mt-3 whitespace-pre-wrap break-words text-sm">{m.message}</p>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}
