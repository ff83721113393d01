import { type SubmitEvent, useId, useState } from 'react';
import { CheckField, LoadedView, primaryButton, secondaryButton } from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { reportsApi } from './reports.api.ts';
import { summaryOutcomeText } from './reports-ui.ts';

type Status = { kind: 'ok' | 'error'; text: string } | null;

/**
 * The daily summary e-mail (R7): whether yesterday's figures go to every admin at 7:00 New York
 * time each morning (the scheduled jobs send it, docs/decisions/0024), and a button that sends them
 * now. The server sends one summary per New York day, so pressing twice, or pressing after 7:00,
 * sends nothing more, and the message says so.
 */
export default function DailySummarySettings() {
  const baseId = useId();
  const { state, reload, update } = useAdminData(reportsApi.settings, 'Failed to load the daily summary setting');
  const [checked, setChecked] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const [status, setStatus] = useState<Status>(null);

  const saved = state.status === 'ready' ? state.data.dailySummary : false;
  const on = checked ?? saved;

  const fail = (err: unknown, fallback: string) => {
    if (!sessionEnded(err)) setStatus({ kind: 'error', text: errorMessage(err, fallback) });
  };
  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy('save');
    setStatus(null);
    try {
      const answer = await reportsApi.saveSettings({ dailySummary: on });
      update(() => answer);
      setChecked(null);
      setStatus({
        kind: 'ok',
        text: answer.dailySummary
          ? 'Saved: the admins get a summary each morning at 7:00 AM New York time.'
          : 'Saved: no daily summary is sent.',
      });
    } catch (err) {
      fail(err, 'The setting was not saved. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const sendNow = async () => {
    if (busy) return;
    setBusy('send');
    setStatus(null);
    try {
      setStatus({ kind: 'ok', text: summaryOutcomeText(await reportsApi.sendDailySummary()) });
    } catch (err) {
      fail(err, 'The summary was not sent. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4 border-t border-stone-200 pt-6">
      <div>
        <h3 id={`${baseId}-title`} className="text-lg font-bold">
          Daily summary
        </h3>
        <p className="text-sm text-muted">
          Yesterday's sales, failed deliveries and low stock, e-mailed to every admin once a day at 7:00 AM New York time.
        </p>
      </div>
      <LoadedView
        state={state}
        loading="Loading the daily summary setting…"
        failed="Failed to load the daily summary setting"
        onRetry={reload}
      >
        {() => (
          <form
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6"
          >
            <CheckField
              className="flex items-center gap-2"
              name="dailySummary"
              checked={on}
              onChange={(e) => {
                setChecked(e.target.checked);
                setStatus(null);
              }}
              label="E-mail a daily summary to admins"
            />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButton} disabled={busy != null}>
                {busy === 'save' ? 'Saving...' : 'Save'}
              </button>
              <button type="button" className={secondaryButton} onClick={() => void sendNow()} disabled={busy != null}>
                {busy === 'send' ? 'Sending...' : "Send yesterday's summary now"}
              </button>
            </div>
            {/* Always in the page, so a screen reader hears each new outcome. */}
            <p role="status" className={`min-h-5 text-sm ${status?.kind === 'error' ? 'text-red-700' : 'text-ink'}`}>
              {status?.text}
            </p>
          </form>
        )}
      </LoadedView>
    </section>
  );
}
