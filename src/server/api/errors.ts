import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type ApiErrorBody, HttpError } from '../../lib/http-error.ts';
import { databaseUnavailable, isDatabaseUnavailable } from './db-errors.ts';
import type { AppEnv } from './env.ts';

const json = (body: ApiErrorBody, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

export const onError: ErrorHandler<AppEnv> = (err) => {
  if (err instanceof HttpError) return json(err.toBody(), err.status, err.headers);
  // Hono raises these itself, e.g. for a body it cannot parse.
  if (err instanceof HTTPException && err.status < 500) {
    return json({ error: err.message || 'Bad request', code: 'bad_request' }, err.status);
  }
  if (isDatabaseUnavailable(err)) {
    const answer = databaseUnavailable();
    return json(answer.toBody(), answer.status, answer.headers);
  }
  console.error('Unhandled API error', err);
  return json({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, 500);
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  json({ error: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}`, code: 'not_found' }, 404);
