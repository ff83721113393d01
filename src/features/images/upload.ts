/**
 * The image upload request (admin.md §7, §8, §9; D22), sent with real progress by the shared XHR
 * upload (src/lib/xhr-upload.ts); this module says what its answers mean.
 */
import { apiErrorBody } from '../../lib/http-error.ts';
import { parseJson, type UploadXhr, type XhrAnswer, XhrFailure, type XhrFailureKind, xhrUpload } from '../../lib/xhr-upload.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS } from './images.ts';

export { progressPercent } from '../../lib/xhr-upload.ts';

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
export interface XhrLike extends UploadXhr<FormData> {
  readonly statusText: string;
}

export interface UploadOptions {
  /** Percent (0-100) of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  url?: string;
  createXhr?: () => XhrLike;
}

/** The server's sentence for a failed upload: the API's `error`, else the body text, else the status text. */
function serverMessage(answer: XhrAnswer): string {
  const error = apiErrorBody(answer.responseText)?.error;
  if (error) return error;
  const text = answer.responseText.trim();
  // An HTML error page is no message for a person.
  if (text && !text.startsWith('<') && text.length <= 300) return text;
  return answer.statusText || 'Unknown error';
}

/** The message an upload answer maps to (admin.md §8). */
export function failureFor(answer: XhrAnswer): UploadError {
  if (answer.status === 401) return new UploadError('unauthenticated', UPLOAD_MESSAGES.unauthenticated, 401);
  return new UploadError('http', `Upload failed (${answer.status}): ${serverMessage(answer)}`, answer.status);
}

const NO_ANSWER: Record<XhrFailureKind, () => UploadError> = {
  timeout: () => new UploadError('timeout', UPLOAD_MESSAGES.timeout),
  network: () => new UploadError('network', UPLOAD_MESSAGES.failed),
  aborted: () => new UploadError('aborted', 'Upload cancelled'),
};

/**
 * Sends one image as multipart field `image` and resolves with the stored image's URL (a path on
 * this site). Rejects with an UploadError whose message is the one to show.
 */
export async function uploadImage(file: Blob, options: UploadOptions = {}): Promise<string> {
  const { onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS, url = UPLOAD_URL, createXhr } = options;
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : 'image');
  let answer: XhrAnswer;
  try {
    answer = await xhrUpload({ url, body: form, timeoutMs, onProgress, signal, createXhr });
  } catch (err) {
    throw err instanceof XhrFailure ? NO_ANSWER[err.kind]() : err;
  }
  if (answer.status < 200 || answer.status >= 300) throw failureFor(answer);
  const body = parseJson(answer.responseText) as { imageUrl?: unknown } | null;
  if (!body || typeof body.imageUrl !== 'string' || !body.imageUrl) throw new UploadError('http', UPLOAD_MESSAGES.failed, answer.status);
  onProgress?.(100);
  return body.imageUrl;
}
