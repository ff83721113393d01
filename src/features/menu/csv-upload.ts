/**
 * The products CSV as the browser and the server share it: addresses, the size limit, the preview's
 * shape, and the upload itself, sent with real progress by the shared XHR upload
 * (src/lib/xhr-upload.ts).
 */
import { apiErrorBody } from '../../lib/http-error.ts';
import { parseJson, type UploadXhr, type XhrAnswer, XhrFailure, type XhrFailureKind, xhrUpload } from '../../lib/xhr-upload.ts';

export const PRODUCTS_CSV_URLS = {
  export: '/api/admin/products/export.csv',
  template: '/api/admin/products/template.csv',
  import: '/api/admin/products/import',
} as const;

/** The largest CSV the import takes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_LABEL = '5 MB';

/**
 * The most products one file may hold: a file of them is read, checked and written by one request,
 * which must stay within a Worker's CPU and memory (the bench times 10,000).
 */
export const MAX_IMPORT_ROWS = 20_000;

/** At most this many row errors are listed; the rest are counted. */
export const MAX_LISTED_ERRORS = 500;

/** One problem in the file: its spreadsheet row (the header is row 1), its column, and why. */
export interface ImportRowError {
  row: number;
  /** The column's header name; null when the problem is the whole row. */
  column: string | null;
  message: string;
}

/** What an import would do (dry run) or did: rows by outcome, and every error found. */
export interface ImportReport {
  dryRun: boolean;
  create: number;
  update: number;
  unchanged: number;
  errors: ImportRowError[];
  /** Errors found beyond the listed ones. */
  moreErrors: number;
}

export type CsvUploadFailure = 'http' | 'timeout' | 'network' | 'aborted';

export class CsvUploadError extends Error {
  readonly kind: CsvUploadFailure;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The API's `fields` (file-level errors name the column or `file`). */
  readonly fields: Record<string, string>;

  constructor(kind: CsvUploadFailure, message: string, status = 0, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'CsvUploadError';
    this.kind = kind;
    this.status = status;
    this.fields = fields;
  }
}

/** The part of XMLHttpRequest the upload uses, so tests can hand in a fake. */
export type CsvXhr = UploadXhr<Blob>;

/** A large import's apply runs for a while on the server; the client waits this long for its answer. */
const IMPORT_TIMEOUT_MS = 120_000;

export interface CsvUploadOptions {
  dryRun: boolean;
  /** Percent (0-100) of the file sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  createXhr?: () => CsvXhr;
}

function isReport(body: unknown): body is ImportReport {
  const r = body as Partial<ImportReport> | null;
  return !!r && typeof r.create === 'number' && typeof r.update === 'number' && Array.isArray(r.errors);
}

/** The API's error answer as an upload error with its sentence and fields. */
function failure(answer: XhrAnswer): CsvUploadError {
  const body = apiErrorBody(answer.responseText);
  const message = body?.error || `The import failed (${answer.status}). Please try again.`;
  return new CsvUploadError('http', message, answer.status, body?.fields ?? {});
}

const NO_ANSWER: Record<XhrFailureKind, string> = {
  timeout: 'The server took too long to answer. Check the products before trying again.',
  network: 'Network error. Check your connection and try again.',
  aborted: 'Upload cancelled',
};

/**
 * Sends the CSV as the request body (text/csv) to the import, as a dry run or for real, and
 * resolves with the report. Rejects with a CsvUploadError.
 */
export async function uploadProductsCsv(file: Blob, options: CsvUploadOptions): Promise<ImportReport> {
  const { onProgress, signal, createXhr } = options;
  let answer: XhrAnswer;
  try {
    answer = await xhrUpload({
      url: `${PRODUCTS_CSV_URLS.import}${options.dryRun ? '?dryRun=1' : ''}`,
      body: file,
      timeoutMs: IMPORT_TIMEOUT_MS,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      onProgress,
      signal,
      createXhr,
    });
  } catch (err) {
    throw err instanceof XhrFailure ? new CsvUploadError(err.kind, NO_ANSWER[err.kind]) : err;
  }
  if (answer.status < 200 || answer.status >= 300) throw failure(answer);
  const body = parseJson(answer.responseText);
  if (!isReport(body)) throw new CsvUploadError('http', 'The server sent an answer the page cannot read. Please try again.', answer.status);
  onProgress?.(100);
  return body;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a report says in one sentence: the preview's plan, or what the import did. */
export function reportSummary(report: ImportReport): string {
  const total = report.errors.length + report.moreErrors;
  if (report.dryRun) {
    const plan = `${plural(report.create, 'product', 'products')} to create, ${report.update.toLocaleString('en-US')} to update, ${report.unchanged.toLocaleString('en-US')} unchanged`;
    if (total > 0)
      return `${plural(total, 'error', 'errors')} in the file: nothing can be imported until ${total === 1 ? 'it is' : 'they are'} fixed. Rows without errors: ${plan}.`;
    return report.create + report.update === 0
      ? `Nothing to import: all ${plural(report.unchanged, 'product is', 'products are')} unchanged.`
      : `Ready to import: ${plan}.`;
  }
  return `Imported: ${plural(report.create, 'product', 'products')} created, ${report.update.toLocaleString('en-US')} updated, ${report.unchanged.toLocaleString('en-US')} unchanged.`;
}
