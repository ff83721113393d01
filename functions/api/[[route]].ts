// Adapter only: every /api/* request goes to the Hono app (DESIGN: no logic in functions/).
// Written out rather than taken from hono/cloudflare-pages, which Hono deprecates for v5.
import { createDb } from '../../src/db/client.web.ts';
import { createApp } from '../../src/server/app.ts';
import type { Bindings } from '../../src/server/env.ts';

interface PagesContext {
  request: Request;
  env: Bindings;
  waitUntil: (promise: Promise<unknown>) => void;
  passThroughOnException: () => void;
}

const app = createApp({ db: createDb });

export const onRequest = (context: PagesContext): Response | Promise<Response> =>
  app.fetch(context.request, context.env, {
    waitUntil: (p) => context.waitUntil(p),
    passThroughOnException: () => context.passThroughOnException(),
    props: undefined,
  });
