/**
 * The products CSV as the browser and the server share it: addresses, the size limit, the preview's
 * shape, and the upload itself. The upload uses XMLHttpRequest, not fetch: only XHR reports how
 * much of the request body has been sent, so the progress bar shows the real upload.
 */

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
export interface CsvXhr {
  open(method: string, url: string): void;
  send(body: Blob): void;
  abort(): void;
  setRequestHeader(name: string, value: string): void;
  timeout: number;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

/** A large import's apply runs for a while on the server; the client waits this long for its answer. */
const IMPORT_TIMEOUT_MS = 120_000;

export interface CsvUploadOptions {
  dryRun: boolean;
  /** Percent (0-100) of the file sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  createXhr?: () => CsvXhr;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isReport(body: unknown): body is ImportReport {
  const r = body as Partial<ImportReport> | null;
  return !!r && typeof r.create === 'number' && typeof r.update === 'number' && Array.isArray(r.errors);
}

/** The API's error answer as an upload error with its sentence and fields. */
function failure(status: number, text: string): CsvUploadError {
  const body = parseJson(text) as { error?: unknown; fields?: unknown } | null;
  const fields: Record<string, string> = {};
  if (body?.fields && typeof body.fields === 'object') {
    for (const [k, v] of Object.entries(body.fields)) if (typeof v === 'string') fields[k] = v;
  }
  const message = typeof body?.error === 'string' && body.error ? body.error : `The import failed (${status}). Please try again.`;
  return new CsvUploadError('http', message, status, fields);
}

/**
 * Sends the CSV as the request body (text/csv) to the import, as a dry run or for real, and
 * resolves with the report. The browser adds the Origin header the admin routes' CSRF check reads
 * (as it does for the typed client's fetches) and the session cookie. Rejects with a CsvUploadError.
 */
export function uploadProductsCsv(file: Blob, options: CsvUploadOptions): Promise<ImportReport> {
  const { onProgress, signal } = options;
  const xhr = options.createXhr ? options.createXhr() : (new XMLHttpRequest() as CsvXhr);
  return new Promise<ImportReport>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CsvUploadError('aborted', 'Upload cancelled'));
      return;
    }
    const onAbortSignal = () => xhr.abort();
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      done();
    };
    xhr.open('POST', `${PRODUCTS_CSV_URLS.import}${options.dryRun ? '?dryRun=1' : ''}`);
    xhr.withCredentials = true;
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.setRequestHeader('content-type', 'text/csv; charset=utf-8');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () =>
      settle(() => {
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(failure(xhr.status, xhr.responseText));
          return;
        }
        const body = parseJson(xhr.responseText);
        if (!isReport(body)) {
          reject(new CsvUploadError('http', 'The server sent an answer the page cannot read. Please try again.', xhr.status));
          return;
        }
        onProgress?.(100);
        resolve(body);
      });
    xhr.ontimeout = () =>
      settle(() => reject(new CsvUploadError('timeout', 'The server took too long to answer. Check the products before trying again.')));
    xhr.onerror = () => settle(() => reject(new CsvUploadError('network', 'Network error. Check your connection and try again.')));
    xhr.onabort = () => settle(() => reject(new CsvUploadError('aborted', 'Upload cancelled')));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    onProgress?.(0);
    xhr.send(file);
  });
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
