/**
 * One error shape for the whole API: `{ error, code, fields? }`. `error` is a sentence a shopper
 * or operator can read; `fields` names the offending input fields.
 */
export interface ApiErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
  /** What to choose instead of a refused delivery window: the next open ones (D36). */
  windows?: unknown[];
}

export type HttpErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

export class HttpError extends Error {
  readonly status: HttpErrorStatus;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  /** Extra body fields beside the error (see ApiErrorBody). */
  readonly extra: Pick<ApiErrorBody, 'windows'>;

  constructor(
    status: HttpErrorStatus,
    code: string,
    message: string,
    fields?: Record<string, string>,
    headers: Record<string, string> = {},
    extra: Pick<ApiErrorBody, 'windows'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
    this.extra = extra;
  }

  toBody(): ApiErrorBody {
    return { error: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}), ...this.extra };
  }
}

/** The API's error body when `text` is one, else null (a proxy's HTML page, an empty body). */
export function apiErrorBody(text: string): Partial<ApiErrorBody> | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // JSON.parse throws only on text that is not JSON.
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const fields: Record<string, string> = {};
  if ('fields' in body && body.fields && typeof body.fields === 'object') {
    for (const [name, message] of Object.entries(body.fields)) if (typeof message === 'string') fields[name] = message;
  }
  return {
    ...('error' in body && typeof body.error === 'string' ? { error: body.error } : {}),
    ...('code' in body && typeof body.code === 'string' ? { code: body.code } : {}),
    fields,
    ...('windows' in body && Array.isArray(body.windows) ? { windows: body.windows as unknown[] } : {}),
  };
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

/**
 * An API answer that was not ok, as the islands see it: the message keeps the form
 * '{status}: {body text}', and the body's readable sentence and field errors ride along.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A sentence fit to show a shopper. */
  readonly userMessage: string;
  readonly fields: Record<string, string>;
  /** The body's `windows` (unchecked: the delivery feature reads them). */
  readonly windows: unknown[] | undefined;

  constructor(status: number, text: string, body: Partial<ApiErrorBody> | null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.userMessage =
      body?.error ?? (status === 0 ? 'Network error. Check your connection and try again.' : 'Something went wrong. Please try again.');
    this.fields = body?.fields ?? {};
    this.windows = body?.windows;
  }
}
