/**
 * One request body sent with XMLHttpRequest, not fetch: only XHR reports how much of the body has
 * been sent, so a progress bar can show the real upload. It sends what the typed client sends for
 * an admin write (src/lib/api.ts): the session cookie and `accept: application/json`; the browser
 * adds the Origin header the admin routes' same-origin check reads. What the answer means is the
 * caller's to say: any answer resolves, and only no answer at all rejects.
 */

/** The part of XMLHttpRequest an upload uses, so tests can hand in a fake. */
export interface UploadXhr<Body extends Blob | FormData = Blob | FormData> {
  open(method: string, url: string): void;
  send(body: Body): void;
  abort(): void;
  setRequestHeader(name: string, value: string): void;
  timeout: number;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText?: string;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

export interface XhrUploadRequest<Body extends Blob | FormData> {
  url: string;
  body: Body;
  timeoutMs: number;
  /** Headers beyond the ones every admin write sends (e.g. the body's content-type). */
  headers?: Record<string, string> | undefined;
  /** Whole percent (0-100) of the body sent so far; 0 is reported before the first byte. */
  onProgress?: ((percent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  createXhr?: (() => UploadXhr<Body>) | undefined;
}

/** The server's answer, whatever its status. */
export interface XhrAnswer {
  status: number;
  statusText: string;
  responseText: string;
}

export type XhrFailureKind = 'timeout' | 'network' | 'aborted';

/** No answer arrived: the timeout passed, the network failed, or the caller cancelled. */
export class XhrFailure extends Error {
  readonly kind: XhrFailureKind;

  constructor(kind: XhrFailureKind) {
    super(`Upload ${kind === 'aborted' ? 'cancelled' : kind === 'timeout' ? 'timed out' : 'failed: network error'}`);
    this.name = 'XhrFailure';
    this.kind = kind;
  }
}

/** The percentage of bytes sent, whole numbers only, never above 100. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** Parsed JSON, or null when the text is none (a proxy's HTML page, an empty body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse throws only on text that is not JSON.
    return null;
  }
}

/** POSTs `body` and resolves with the answer; rejects with an XhrFailure when none arrives. */
export function xhrUpload<Body extends Blob | FormData>(request: XhrUploadRequest<Body>): Promise<XhrAnswer> {
  const { url, body, timeoutMs, headers = {}, onProgress, signal } = request;
  const xhr = request.createXhr ? request.createXhr() : (new XMLHttpRequest() as UploadXhr<Body>);

  return new Promise<XhrAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new XhrFailure('aborted'));
      return;
    }
    const onAbortSignal = () => xhr.abort();
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      done();
    };

    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      // A length the browser cannot compute is no figure to show.
      if (e.lengthComputable && e.total > 0) onProgress?.(progressPercent(e.loaded, e.total));
    };
    xhr.onload = () => settle(() => resolve({ status: xhr.status, statusText: xhr.statusText ?? '', responseText: xhr.responseText }));
    xhr.ontimeout = () => settle(() => reject(new XhrFailure('timeout')));
    xhr.onerror = () => settle(() => reject(new XhrFailure('network')));
    xhr.onabort = () => settle(() => reject(new XhrFailure('aborted')));
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    onProgress?.(0);
    xhr.send(body);
  });
}
