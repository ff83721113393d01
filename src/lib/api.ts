/**
 * The one typed client islands use for /api/* (DESIGN). Errors keep the spec's message form
 * ('{status}: {body text}', §7) and also carry the API's readable sentence and field errors.
 */
import type { ApiErrorBody } from './http-error.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A sentence fit to show a shopper. */
  readonly userMessage: string;
  readonly fields: Record<string, string>;

  constructor(status: number, text: string, body: Partial<ApiErrorBody> | null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.userMessage =
      body?.error ?? (status === 0 ? 'Network error. Check your connection and try again.' : 'Something went wrong. Please try again.');
    this.fields = body?.fields ?? {};
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch {
    throw new ApiError(0, 'Network error', null);
  }
  const text = await res.text();
  const body = parseBody(text);
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, body as Partial<ApiErrorBody> | null);
  return body as T;
}
