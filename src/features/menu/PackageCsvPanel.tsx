import { type ChangeEvent, useId, useRef, useState } from 'react';
import { DataTable, primaryButton, secondaryButton, td } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { formatPackageQuantity } from '../inventory/package-view.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_LABEL } from './csv-upload.ts';
import {
  MAX_PACKAGE_IMPORT_ROWS,
  PACKAGE_CSV_COLUMNS,
  PACKAGES_CSV_URLS,
  type PackageImportReport,
  packageReportSummary,
} from './package-csv.ts';
import { packagesApi } from './packages.api.ts';

type State =
  | { step: 'idle' }
  | { step: 'sending'; dryRun: boolean; file: File }
  | { step: 'previewed'; file: File; preview: PackageImportReport }
  | { step: 'applied'; result: PackageImportReport }
  | { step: 'failed'; message: string };

/**
 * Receiving packages from a CSV (D40, package-csv.ts): choosing a file previews what each row
 * would do and every problem, and only a file without problems can then be received, in one go.
 */
export default function PackageCsvPanel({ onImported }: { onImported: () => void }) {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const send = async (file: File, dryRun: boolean) => {
    setState({ step: 'sending', dryRun, file });
    try {
      const report = await packagesApi.importCsv(file, dryRun);
      if (dryRun) setState({ step: 'previewed', file, preview: report });
      else {
        setState({ step: 'applied', result: report });
        showToast({ title: 'Packages received', description: packageReportSummary(report) });
        if (input.current) input.current.value = '';
        onImported();
      }
    } catch (err) {
      if (sessionEnded(err)) return setState({ step: 'idle' });
      setState({ step: 'failed', message: errorMessage(err, 'The file was not imported. Please try again.') });
    }
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setState({ step: 'failed', message: `The CSV file must be at most ${MAX_IMPORT_LABEL}.` });
      e.target.value = '';
      return;
    }
    void send(file, true);
  };

  const preview = state.step === 'previewed' ? state.preview : null;
  const problems = preview ? preview.errors.length + preview.moreErrors : 0;
  const canApply = preview != null && problems === 0 && preview.receive > 0;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="text-lg font-bold">
          Receive packages from a CSV
        </h3>
        <p className="max-w-3xl text-sm text-muted">
          One row per package. Columns: {PACKAGE_CSV_COLUMNS.join(', ')}; product (its id or slug) and quantity are required. A tag already
          received for the same product is skipped, so a file can be imported again safely.
        </p>
        <p>
          <a href={PACKAGES_CSV_URLS.template} download className={secondaryButton}>
            Download the template
          </a>
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-semibold">
          CSV file of packages
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={state.step === 'sending'}
          onChange={onChoose}
          aria-describedby={`${id}-hint`}
          className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          UTF-8 CSV up to {MAX_IMPORT_LABEL} and {MAX_PACKAGE_IMPORT_ROWS.toLocaleString('en-US')} packages. Choosing a file previews it;
          nothing is received until you confirm.
        </p>
      </div>

      <div role="status" className="text-sm">
        {state.step === 'sending' && (state.dryRun ? `Checking ${state.file.name}…` : `Receiving the packages of ${state.file.name}…`)}
        {state.step === 'applied' && <span className="font-semibold text-brand-800">{packageReportSummary(state.result)}</span>}
        {preview && (
          <span className={problems > 0 ? 'font-semibold text-red-800' : 'font-semibold'}>
            {state.step === 'previewed' ? `${state.file.name}: ` : ''}
            {packageReportSummary(preview)}
          </span>
        )}
      </div>
      {state.step === 'failed' && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {state.message}
        </p>
      )}

      {preview && problems > 0 && (
        <DataTable caption="Problems in the file" columns={['Row', 'Column', 'Problem']}>
          {preview.errors.map((e) => (
            <tr key={`${e.row}-${e.column ?? ''}`}>
              <td className={`${td} tabular-nums`}>{e.row}</td>
              <td className={`${td} font-mono`}>{e.column ?? 'whole row'}</td>
              <td className={td}>{e.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {preview && preview.rows.length > 0 && (
        <DataTable caption="What each row does" columns={['Row', 'Decision', 'Tag', 'Product', { label: 'Quantity', right: true }]}>
          {preview.rows.map((r) => (
            <tr key={r.row}>
              <td className={`${td} tabular-nums`}>{r.row}</td>
              <td className={td}>{r.decision === 'receive' ? 'Receive' : `Skip: ${r.note}`}</td>
              <td className={`${td} font-mono text-xs`}>{r.tag ?? 'Needs a tag'}</td>
              <td className={td}>{r.product}</td>
              <td className={`${td} text-right tabular-nums`}>{formatPackageQuantity(r.quantity, r.unit)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {state.step === 'previewed' && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={primaryButton}
            disabled={!canApply}
            aria-describedby={canApply ? undefined : `${id}-why`}
            onClick={() => void send(state.file, false)}
          >
            Receive these packages
          </button>
          {!canApply && (
            <span id={`${id}-why`} className="text-sm text-muted">
              {problems > 0 ? 'Fix the problems in the file and choose it again.' : 'The file has nothing new to receive.'}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
