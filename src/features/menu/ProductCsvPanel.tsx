import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { HeadRow, primaryButton, secondaryButton, TableBox, td } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import {
  CsvUploadError,
  type ImportReport,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LABEL,
  MAX_IMPORT_ROWS,
  PRODUCTS_CSV_URLS,
  reportSummary,
  uploadProductsCsv,
} from './csv-upload.ts';

type State =
  | { step: 'idle' }
  | { step: 'sending'; dryRun: boolean; percent: number; file: File; preview: ImportReport | null }
  | { step: 'previewed'; file: File; preview: ImportReport }
  | { step: 'applied'; result: ImportReport }
  | { step: 'failed'; message: string; file: File | null; preview: ImportReport | null };

/**
 * Products as CSV (the 'Import / Export' tab): download the catalogue or a template, upload a file
 * with visible progress, read the preview (what would be created, updated, left alone, and every
 * error by row and column), and only then apply it, which a file with any error cannot be.
 */
export default function ProductCsvPanel() {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Leaving the tab's page mid-upload stops the request.
  useEffect(() => () => controller.current?.abort(), []);

  const send = async (file: File, dryRun: boolean, preview: ImportReport | null) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ step: 'sending', dryRun, percent: 0, file, preview });
    try {
      const report = await uploadProductsCsv(file, {
        dryRun,
        signal: current.signal,
        onProgress: (percent) => {
          if (controller.current === current) setState({ step: 'sending', dryRun, percent, file, preview });
        },
      });
      if (controller.current !== current) return;
      if (dryRun) setState({ step: 'previewed', file, preview: report });
      else {
        setState({ step: 'applied', result: report });
        showToast({ title: 'Products imported', description: reportSummary(report) });
        if (input.current) input.current.value = '';
      }
    } catch (err) {
      if (controller.current !== current) return;
      if (err instanceof CsvUploadError && err.kind === 'aborted') {
        setState({ step: 'idle' });
        return;
      }
      // A 401 also opens the sign-in dialog over the screen, so the admin can sign in and retry.
      if (err instanceof CsvUploadError && err.status === 401) sessionEnded(new ApiError(401, 'Unauthorized', null));
      setState({
        step: 'failed',
        message: err instanceof Error ? err.message : 'The import failed.',
        file,
        preview: dryRun ? null : preview,
      });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setState({ step: 'failed', message: `The CSV file must be at most ${MAX_IMPORT_LABEL}.`, file: null, preview: null });
      e.target.value = '';
      return;
    }
    void send(file, true, null);
  };

  const sending = state.step === 'sending';
  const preview = state.step === 'previewed' || state.step === 'sending' || state.step === 'failed' ? state.preview : null;
  const file = state.step === 'previewed' || state.step === 'sending' || state.step === 'failed' ? state.file : null;
  const errorCount = preview ? preview.errors.length + preview.moreErrors : 0;
  const canApply = state.step === 'previewed' && errorCount === 0 && preview != null && preview.create + preview.update > 0;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          Import / Export products
        </h2>
        <p className="max-w-3xl text-sm text-muted">
          One row per product, with weight prices as columns and prices in dollars. Export the catalogue, edit it in a spreadsheet and
          import it again: rows are matched by id (or slug), new rows become new products, and nothing is applied until you have seen the
          preview. A file with any error is never applied.
        </p>
        <p className="flex flex-wrap gap-3">
          <a href={PRODUCTS_CSV_URLS.export} download className={secondaryButton}>
            Export all products (CSV)
          </a>
          <a href={PRODUCTS_CSV_URLS.template} download className={secondaryButton}>
            Download the template
          </a>
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-file`} className="text-sm font-semibold">
          CSV file to import
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={sending}
          onChange={onChoose}
          aria-describedby={`${id}-file-hint`}
          className="block w-full max-w-full text-sm text-ink file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-ink hover:file:bg-stone-100 disabled:cursor-not-allowed"
        />
        <p id={`${id}-file-hint`} className="text-xs text-muted">
          UTF-8 CSV up to {MAX_IMPORT_LABEL} and {MAX_IMPORT_ROWS.toLocaleString('en-US')} products. Choosing a file uploads it for a
          preview; nothing changes until you apply it.
        </p>
      </div>

      <div role="status" className="flex flex-col gap-2">
        {state.step === 'sending' && (
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2 text-sm">
              <label htmlFor={`${id}-progress`} className="font-medium">
                {state.dryRun ? 'Uploading for preview' : 'Uploading to import'}
              </label>
              <span className="tabular-nums">{state.percent}%</span>
            </div>
            <progress id={`${id}-progress`} max={100} value={state.percent} className="h-2 w-full accent-brand-700" />
            <p className="text-sm text-muted">
              {state.percent >= 100 ? (state.dryRun ? 'Checking every row…' : 'Importing…') : `Sending ${state.file.name}…`}
            </p>
            {/* Only a preview can be cancelled: an import the server has started runs to its end. */}
            {state.dryRun && (
              <p>
                <button type="button" className={secondaryButton} onClick={() => controller.current?.abort()}>
                  Cancel
                </button>
              </p>
            )}
          </div>
        )}
        {state.step === 'applied' && <p className="font-semibold text-brand-800">{reportSummary(state.result)}</p>}
        {preview && state.step !== 'sending' && (
          <p className={errorCount > 0 ? 'font-semibold text-red-800' : 'font-semibold'}>
            {file ? `${file.name}: ` : ''}
            {reportSummary(preview)}
          </p>
        )}
      </div>

      {state.step === 'failed' && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {state.message}
        </p>
      )}

      {preview && errorCount > 0 && (
        <div className="flex flex-col gap-2">
          <TableBox>
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="px-3 pt-3 text-left font-semibold">Errors in the file</caption>
              <HeadRow columns={['Row', 'Column', 'Reason']} />
              <tbody className="divide-y divide-stone-200">
                {preview.errors.map((e) => (
                  <tr key={`${e.row}-${e.column ?? ''}`}>
                    <td className={`${td} tabular-nums`}>{e.row}</td>
                    <td className={`${td} font-mono`}>{e.column ?? 'whole row'}</td>
                    <td className={td}>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          {preview.moreErrors > 0 && (
            <p className="text-sm text-muted">
              …and {preview.moreErrors.toLocaleString('en-US')} more. Fix these and preview again to see the rest.
            </p>
          )}
        </div>
      )}

      {preview && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={primaryButton}
            disabled={!canApply}
            aria-describedby={canApply ? undefined : `${id}-apply-why`}
            onClick={() => {
              if (file && preview) void send(file, false, preview);
            }}
          >
            Apply import
          </button>
          {!canApply && (
            <span id={`${id}-apply-why`} className="text-sm text-muted">
              {sending
                ? 'Wait for the upload to finish.'
                : errorCount > 0
                  ? 'Fix the errors in the file and choose it again.'
                  : state.step === 'failed'
                    ? 'Choose the file again to preview it.'
                    : 'The file changes nothing.'}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
