/**
 * The one typed client islands use for /api/* (DESIGN): hono/client over the server's AppType, so
 * paths, inputs and answers are checked against the routes themselves. Only the type is imported:
 * no server code reaches an island. A non-ok answer becomes an ApiError, which islands import from
 * here; it lives in ./http-error.ts so that modules the server shares need not reach this one.
 */
import { type ClientResponse, hc } from 'hono/client';
import type { AppType } from '../server/api/app.ts';
import { ApiError, apiErrorBody } from './http-error.ts';

export { ApiError };

/** The API under /api, same origin, with the admin's session cookie. */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' }, headers: { accept: 'application/json' } }).api;

/** The answer when it is ok; otherwise the API's error as an ApiError (status 0: no answer at all). */
export async function ok<R extends Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>>(request: Promise<R>): Promise<R> {
  let res: R;
  try {
    res = await request;
  } catch {
    throw new ApiError(0, 'Network error', null);
  }
  if (res.ok) return res;
  const text = await res.text();
  throw new ApiError(res.status, text || res.statusText, apiErrorBody(text));
}

/**
 * The typed JSON of an ok answer, e.g. `await call(api.orders[':ref'].$get({ param: { ref } }))`.
 * Routes answer errors by throwing (one shape, from onError), so a route's JSON type is its success.
 */
export async function call<T>(request: Promise<ClientResponse<T, number, 'json'>>): Promise<T> {
  return (await ok(request)).json();
}
