/**
 * The image upload request (admin.md §7, §8, §9; D22). XMLHttpRequest, not fetch: only XHR reports
 * how much of the request body has been sent, so the progress bar shows the real upload progress.
 */
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS } from './images.ts';

export const UPLOAD_URL = '/api/admin/upload-image';

/** What the file picker offers; the server decides by the bytes (D22). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

/** The client's check before anything is sent (admin.md §5); null when the file may be uploaded. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  // SVG is an image/ type but can carry script: the server refuses it, so say so before the upload.
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return UPLOAD_MESSAGES.notImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.missing;
  return null;
}

export type UploadFailure = 'unauthenticated' | 'http' | 'timeout' | 'network' | 'aborted';

export class UploadError extends Error {
  readonly kind: UploadFailure;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;

  constructor(kind: UploadFailure, message: string, status = 0) {
    super(message);
    this.name = 'UploadError';
    this.kind = kind;
    this.status = status;
  }
}

/** The part of XMLHttpRequest the upload uses, so tests can hand in a fake. */
export interface XhrLike {
  open(method: string, url: string): void;
  send(body: FormData): void;
  abort(): void;
  setRequestHeader(name: string, value: string): void;
  timeout: number;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadOptions {
  /** Percent (0-100) of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  url?: string;
  createXhr?: () => XhrLike;
}

/** The percentage of bytes sent, whole numbers only, never above 100. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's sentence for a failed upload: the API's `error`, else the body text, else the status text. */
function serverMessage(xhr: XhrLike): string {
  const body = parseJson(xhr.responseText) as { error?: unknown } | null;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  const text = xhr.responseText.trim();
  // An HTML error page is no message for a person.
  if (text && !text.startsWith('<') && text.length <= 300) return text;
  return xhr.statusText || 'Unknown error';
}

/** The message an upload answer maps to (admin.md §8). */
export function failureFor(xhr: XhrLike): UploadError {
  if (xhr.status === 401) return new UploadError('unauthenticated', UPLOAD_MESSAGES.unauthenticated, 401);
  return new UploadError('http', `Upload failed (${xhr.status}): ${serverMessage(xhr)}`, xhr.status);
}

/**
 * Sends one image as multipart field `image` and resolves with the stored image's URL (a path on
 * this site). Rejects with an UploadError whose message is the one to show.
 */
export function uploadImage(file: Blob, options: UploadOptions = {}): Promise<string> {
  const { onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS, url = UPLOAD_URL } = options;
  const xhr = options.createXhr ? options.createXhr() : (new XMLHttpRequest() as XhrLike);

  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError('aborted', 'Upload cancelled'));
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
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(progressPercent(e.loaded, e.total));
    };
    xhr.onload = () =>
      settle(() => {
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(failureFor(xhr));
          return;
        }
        const body = parseJson(xhr.responseText) as { imageUrl?: unknown } | null;
        if (!body || typeof body.imageUrl !== 'string' || !body.imageUrl) {
          reject(new UploadError('http', UPLOAD_MESSAGES.failed, xhr.status));
          return;
        }
        onProgress?.(100);
        resolve(body.imageUrl);
      });
    xhr.ontimeout = () => settle(() => reject(new UploadError('timeout', UPLOAD_MESSAGES.timeout)));
    xhr.onerror = () => settle(() => reject(new UploadError('network', UPLOAD_MESSAGES.failed)));
    xhr.onabort = () => settle(() => reject(new UploadError('aborted', 'Upload cancelled')));
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    form.append('image', file, file instanceof File ? file.name : 'image');
    onProgress?.(0);
    xhr.send(form);
  });
}
