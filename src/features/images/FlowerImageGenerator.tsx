import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  CheckField,
  HeadRow,
  LoadError,
  Loading,
  primaryButton,
  secondaryButton,
  smallButton,
  TableBox,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { isPlaceholderImage } from '../catalog/images.ts';
import { generateApi } from './generate.api.ts';
import {
  type FailureKind,
  type FlowerImageRow,
  type FlowerImagesResponse,
  failureKind,
  failureReason,
  GENERATION_MESSAGES,
  type GenerationResult,
  progressText,
  summaryText,
} from './generate.ts';
import { ImagePreview, ManagerPage, PageTitle } from './ImageKit.tsx';

/**
 * /flower-image-generator (admin.md §2): the flower products with their images, one 'Generate'
 * per product, and 'Generate all missing', which goes product by product so the admin sees each
 * one's progress and outcome. Without a key the page says so and offers nothing to press (D26).
 */
export default function FlowerImageGenerator() {
  return (
    <ManagerPage>
      <Screen />
    </ManagerPage>
  );
}

const LOAD_FAILED = 'Failed to fetch products';

function Screen() {
  const { state, reload } = useAdminData(() => generateApi.flowerImages(), LOAD_FAILED);

  useEffect(() => {
    if (state.status === 'error') showToast({ title: LOAD_FAILED, description: state.message, variant: 'destructive' });
  }, [state]);

  if (state.status === 'loading') return <Loading label="Loading flower products…" />;
  if (state.status === 'error') return <LoadError title={LOAD_FAILED} message={state.message} onRetry={reload} />;
  return <Generator initial={state.data} />;
}

type RowStatus = { kind: 'idle' } | { kind: 'queued' } | { kind: 'generating' } | { kind: 'done' } | { kind: 'failed'; error: string };

interface Progress {
  done: number;
  total: number;
}

function Generator({ initial }: { initial: FlowerImagesResponse }) {
  const id = useId();
  const [rows, setRows] = useState<FlowerImageRow[]>(initial.products);
  const [statuses, setStatuses] = useState<Record<number, RowStatus>>({});
  const [unavailable, setUnavailable] = useState<string | null>(initial.unavailable);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [results, setResults] = useState<GenerationResult[] | null>(null);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const stopRef = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopRef.current = true;
    };
  }, []);

  const setStatus = useCallback((productId: number, status: RowStatus) => setStatuses((s) => ({ ...s, [productId]: status })), []);
  const missing = rows.filter((r) => r.needsImage);
  const shown = onlyMissing ? missing : rows;
  const disabled = busy || unavailable !== null;

  /** One product; resolves with its outcome, or with what stops a run (session, unavailable, network). */
  const runOne = async (row: FlowerImageRow): Promise<{ result: GenerationResult; stop: string | null; kind: FailureKind | null }> => {
    setStatus(row.id, { kind: 'generating' });
    try {
      const { imageUrl } = await generateApi.generate(row.id, row.strainName);
      if (mounted.current) {
        setRows((list) => list.map((r) => (r.id === row.id ? { ...r, image: imageUrl, needsImage: false } : r)));
        setStatus(row.id, { kind: 'done' });
      }
      return { result: { productId: row.id, productName: row.name, imageUrl, success: true, error: null }, stop: null, kind: null };
    } catch (err) {
      const kind = failureKind(err);
      const message = errorMessage(err, 'Please try again.');
      const error = failureReason(message);
      if (mounted.current) setStatus(row.id, { kind: 'failed', error });
      let stop: string | null = null;
      if (kind === 'session') {
        sessionEnded(err);
        stop = 'Your session has ended. Sign in again to continue.';
      } else if (kind === 'unavailable') {
        setUnavailable(message);
        stop = message;
      } else if (kind === 'network') {
        stop = message;
      }
      return { result: { productId: row.id, productName: row.name, imageUrl: null, success: false, error }, stop, kind };
    }
  };

  const generateOne = async (row: FlowerImageRow) => {
    setBusy(true);
    setAnnouncement(`Generating an image for ${row.name}…`);
    const { result, kind } = await runOne(row);
    if (!mounted.current) return;
    setBusy(false);
    if (result.success) {
      setAnnouncement(`Generated an image for ${row.name}.`);
      showToast({ title: 'Image generated', description: `${row.name} now shows its new image.` });
      return;
    }
    setAnnouncement(`${GENERATION_MESSAGES.failedFor(row.strainName)}: ${result.error}`);
    // An ended session has its sign-in dialog. A product's own failure names the strain; anything
    // else (no key, no storage, offline) is the general 'Generation Failed'.
    if (kind === 'session') return;
    const title = kind === 'product' ? GENERATION_MESSAGES.failedFor(row.strainName) : GENERATION_MESSAGES.generationFailed;
    showToast({ title, description: result.error ?? 'Please try again.', variant: 'destructive' });
  };

  const generateAll = async () => {
    const queue = missing;
    if (queue.length === 0) return;
    stopRef.current = false;
    setBusy(true);
    setResults([]);
    setStatuses((s) => ({ ...s, ...Object.fromEntries(queue.map((r) => [r.id, { kind: 'queued' } as RowStatus])) }));
    const done: GenerationResult[] = [];
    let stopped: string | null = null;
    for (const row of queue) {
      if (stopRef.current) {
        stopped = 'Stopped before the remaining products.';
        break;
      }
      setProgress({ done: done.length, total: queue.length });
      setAnnouncement(`${progressText(done.length, queue.length)} ${row.name}`);
      const { result, stop } = await runOne(row);
      if (!mounted.current) return;
      done.push(result);
      setResults([...done]);
      if (stop) {
        stopped = stop;
        break;
      }
    }
    // Products the run never reached go back to idle.
    const reached = new Set(done.map((r) => r.productId));
    setStatuses((s) => ({
      ...s,
      ...Object.fromEntries(queue.filter((r) => !reached.has(r.id)).map((r) => [r.id, { kind: 'idle' } as RowStatus])),
    }));
    setProgress(null);
    setBusy(false);
    const summary = summaryText(done);
    const ok = done.filter((r) => r.success).length;
    if (stopped && stopRef.current) {
      setAnnouncement(`Stopped. ${summary}`);
      showToast({ title: 'Bulk generation stopped', description: summary });
    } else if (stopped || ok === 0) {
      setAnnouncement(`${GENERATION_MESSAGES.bulkFailed}. ${stopped ?? summary}`);
      showToast({ title: GENERATION_MESSAGES.bulkFailed, description: stopped ?? summary, variant: 'destructive' });
    } else if (ok < done.length) {
      setAnnouncement(summary);
      showToast({ title: 'Some images could not be generated', description: `${summary} See the results below.`, variant: 'destructive' });
    } else {
      setAnnouncement(summary);
      showToast({ title: 'Images generated', description: summary });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Flower Image Generator">
        Generate a photo-style image for a flower product from its strain name, or for every flower product whose image is missing or a
        placeholder.
      </PageTitle>

      {unavailable && (
        <div
          role="note"
          aria-labelledby={`${id}-unavailable`}
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
        >
          <p id={`${id}-unavailable`} className="font-semibold">
            {unavailable}
          </p>
          <p className="mt-1 text-sm">
            {unavailable === GENERATION_MESSAGES.notConfigured
              ? 'Images cannot be generated until an operator sets OPENAI_API_KEY (and, for another OpenAI-compatible service, OPENAI_BASE_URL) for the site.'
              : 'Images cannot be generated until this is fixed.'}
          </p>
        </div>
      )}

      <section aria-labelledby={`${id}-bulk`} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <h2 id={`${id}-bulk`} className="text-xl font-bold">
          Generate all missing
        </h2>
        <p className="text-sm text-muted">
          {missing.length === 0
            ? `All ${rows.length} flower products have an image.`
            : `${missing.length} of ${rows.length} flower products need an image (none, a placeholder or a dummy address).`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={primaryButton} disabled={disabled || missing.length === 0} onClick={() => void generateAll()}>
            {progress ? 'Generating…' : `Generate all missing (${missing.length})`}
          </button>
          {progress && (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                stopRef.current = true;
                setAnnouncement('Stopping after the current product…');
              }}
            >
              Stop
            </button>
          )}
        </div>
        {progress && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-progress`} className="text-sm font-semibold">
              {progressText(progress.done, progress.total)}
            </label>
            <progress id={`${id}-progress`} max={progress.total} value={progress.done} className="h-2 w-full max-w-md accent-brand-700">
              {progress.done} of {progress.total}
            </progress>
          </div>
        )}
        <p role="status" aria-live="polite" className="min-h-5 text-sm">
          {announcement}
        </p>
      </section>

      {results && results.length > 0 && <Results results={results} headingId={`${id}-results`} />}

      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${id}-list`} className="text-xl font-bold">
            Flower products
          </h2>
          <CheckField
            className="inline-flex items-center gap-2 text-sm font-semibold"
            checked={onlyMissing}
            onChange={(e) => setOnlyMissing(e.target.checked)}
            label="Only products that need an image"
          />
        </div>
        {shown.length === 0 ? (
          <p className="rounded-2xl border border-stone-200 bg-white p-6">
            {rows.length === 0 ? 'There are no flower products.' : 'Every flower product has an image.'}
          </p>
        ) : (
          <TableBox>
            <table aria-label="Flower products" className="w-full text-sm">
              <HeadRow columns={['Image', 'Product', 'Strain', 'Status', { label: 'Actions', srOnly: true }]} />
              <tbody>
                {shown.map((row) => (
                  <tr key={row.id} className="border-b border-stone-100 last:border-0">
                    <td className={td}>
                      <Thumb src={row.image} name={row.name} />
                    </td>
                    <td className={td}>
                      <span className="font-semibold text-ink">{row.name}</span>
                      <span className="block text-xs text-muted">#{row.id}</span>
                    </td>
                    <td className={td}>
                      {row.strainName}
                      {row.strainType && <span className="block text-xs text-muted">{row.strainType}</span>}
                    </td>
                    <td className={td}>
                      <StatusCell row={row} status={statuses[row.id] ?? { kind: 'idle' }} />
                    </td>
                    <td className={`${td} text-right`}>
                      <button
                        type="button"
                        className={smallButton}
                        disabled={disabled}
                        aria-label={`Generate image for ${row.name}`}
                        onClick={() => void generateOne(row)}
                      >
                        {statuses[row.id]?.kind === 'generating' ? 'Generating…' : 'Generate'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
      </section>
    </div>
  );
}

/** A 64 px thumbnail; placeholders and dummy addresses are not fetched (the storefront shows the placeholder of storefront.md §4). */
function Thumb({ src, name }: { src: string; name: string }) {
  if (isPlaceholderImage(src)) {
    return (
      <span className="flex h-16 w-16 items-center justify-center rounded-lg border border-dashed border-stone-300 bg-stone-100 text-center text-[10px] leading-tight text-muted">
        {src.trim() ? 'Placeholder' : 'No image'}
      </span>
    );
  }
  return <ImagePreview src={src} alt={name} width={64} height={64} className="h-16 w-16 text-[10px]" emptyText="No image" />;
}

const BADGE = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';

function StatusCell({ row, status }: { row: FlowerImageRow; status: RowStatus }) {
  switch (status.kind) {
    case 'queued':
      return <span className={`${BADGE} bg-stone-200 text-stone-800`}>Waiting</span>;
    case 'generating':
      return <span className={`${BADGE} animate-pulse bg-sky-100 text-sky-900`}>Generating…</span>;
    case 'done':
      return <span className={`${BADGE} bg-brand-100 text-brand-900`}>Generated</span>;
    case 'failed':
      return (
        <span className="flex flex-col gap-1">
          <span className={`${BADGE} w-fit bg-red-100 text-red-900`}>Failed</span>
          <span className="text-xs text-red-800">{status.error}</span>
        </span>
      );
    default:
      return row.needsImage ? (
        <span className={`${BADGE} bg-amber-100 text-amber-900`}>Needs an image</span>
      ) : (
        <span className={`${BADGE} bg-stone-100 text-stone-700`}>Has an image</span>
      );
  }
}

function Results({ results, headingId }: { results: GenerationResult[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Results
      </h2>
      <p className="text-sm text-muted">{summaryText(results)}</p>
      <ul aria-label="Generation results" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {results.map((r) => (
          <li key={r.productId} className="flex items-center gap-3 rounded-xl border border-stone-200 p-3">
            {r.imageUrl ? (
              <ImagePreview src={r.imageUrl} alt={r.productName} width={64} height={64} className="h-16 w-16 shrink-0 text-[10px]" />
            ) : (
              <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded-lg bg-red-50" />
            )}
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold text-ink">{r.productName}</span>
              {r.success ? (
                <span className="text-sm text-brand-800">Image generated</span>
              ) : (
                <span className="text-sm text-red-800">{r.error}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
