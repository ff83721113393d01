/**
 * What the Node tests hand the Hono apps, built in one place: bindings typed as the functions
 * receive them and an execution context, on every request, as workerd does. So the handlers rely
 * on `c.env` and `c.executionCtx` the same way in both runtimes.
 */
import type { Fetcher, Response as PlatformResponse } from '@cloudflare/workers-types';
import type { ExecutionContext } from 'hono';
import { type AppOptions, createApp } from '../../src/server/api/app.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import type { SiteBindings } from '../../src/server/pages/pages.ts';

/**
 * The API's bindings in a Node test: `env` and nothing else, so no mail provider, AI model, static
 * files or bucket unless the test gives one (the database and image store are the app's options).
 */
export function testBindings(env: Bindings = {}): Bindings {
  return { ...env };
}

/** The site's bindings: the API's, with the deploy's static files answered by `serve`. */
export function testSiteBindings(serve: (request: Request) => Response | Promise<Response>, env: Bindings = {}): SiteBindings {
  return { ...testBindings(env), ASSETS: testStaticFiles(serve) };
}

/** Pages' ASSETS binding, answered by `serve`. */
export function testStaticFiles(serve: (request: Request) => Response | Promise<Response>): Fetcher {
  return {
    // workerd's Request and Response are the web's; only their type declarations differ
    // (src/server/platform.ts), and Node's are the web's.
    fetch: async (input) => (await serve(new Request(input as unknown as Request | URL | string))) as unknown as PlatformResponse,
    connect: () => {
      throw new Error('The static files take no socket connections');
    },
  };
}

/**
 * The execution context of a request. Work handed to waitUntil runs on by itself in Node, which
 * keeps it alive without being asked.
 */
export function testExecutionContext(): ExecutionContext {
  return { waitUntil: () => {}, passThroughOnException: () => {}, props: {} };
}

/** The API as the Node tests call it: each request with the test's bindings and an execution context. */
export function testApp(options: AppOptions) {
  const app = createApp(options);
  return {
    /** The router's routes, for the suites that walk them. */
    routes: app.routes,
    /** `app.request`, with `env` (testBindings() unless given) as the request's bindings. */
    request: async (input: string | URL | Request, init?: RequestInit, env: Bindings = testBindings()): Promise<Response> =>
      app.request(input, init, env, testExecutionContext()),
  };
}

export type TestApp = ReturnType<typeof testApp>;
