/**
 * The one typed client islands use for /api/* (DESIGN): hono/client's types over the server's
 * AppType, so paths, inputs and answers are checked against the routes themselves. Only types are
 * imported: no server code reaches an island. What runs is the few lines below, doing what
 * hono/client does for the calls islands make (`$get`, `$post`, `$put`, `$patch`, `$delete` with
 * `param`, `query`, `json` and `header`, and `init` per call), without the parts they never use
 * (cookies, forms, URLs, WebSockets), because this module comes with every storefront page.
 * A non-ok answer becomes an ApiError, which islands import from here; it lives in ./http-error.ts
 * so that modules the server shares need not reach this one.
 */
import type { ClientResponse, hc } from 'hono/client';
import type { AppType } from '../server/api/app.ts';
import { ApiError, apiErrorBody } from './http-error.ts';

export { ApiError };

/** What a call's first argument may hold (hono/client's names). */
interface CallArgs {
  param?: Record<string, string>;
  query?: Record<string, string | number | readonly (string | number | undefined)[] | undefined>;
  json?: unknown;
  header?: Record<string, string>;
}

/** The request for `path` (['api', 'products', ':id', '$get']), as hono/client builds it. */
function send(path: readonly string[], args: CallArgs = {}, opts: { init?: RequestInit } = {}): Promise<Response> {
  const method = (path.at(-1) ?? '').slice(1).toUpperCase();
  const segments = path.slice(0, -1).map((s) => (s.startsWith(':') ? (args.param?.[s.slice(1)] ?? '') : s));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(args.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) query.append(key, String(one));
  }
  const search = query.toString();
  const headers = new Headers({ accept: 'application/json', ...args.header });
  if (args.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`/${segments.filter(Boolean).join('/')}${search ? `?${search}` : ''}`, {
    method,
    headers,
    body: args.json === undefined || method === 'GET' ? null : JSON.stringify(args.json),
    credentials: 'same-origin',
    ...opts.init,
  });
}

/** A path that grows with each property read and is sent when called (`then` is no property, so it is no thenable). */
function client(path: readonly string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, key) => (typeof key === 'string' && key !== 'then' ? client([...path, key]) : undefined),
    apply: (_, __, [args, opts]: [CallArgs?, { init?: RequestInit }?]) => send(path, args, opts),
  });
}

/** The API under /api, same origin, with the admin's session cookie. */
export const api = client(['api']) as ReturnType<typeof hc<AppType>>['api'];

/** The answer when it is ok; otherwise the API's error as an ApiError (status 0: no answer at all). */
export async function ok<R extends Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>>(request: Promise<R>): Promise<R> {
  let res: R;
  try {
    res = await request;
  } catch {
    // fetch rejects only when no answer arrived at all (offline, refused, aborted).
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
