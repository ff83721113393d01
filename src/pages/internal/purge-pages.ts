/**
 * Purges the catalogue pages kept under the posted tags, through Astro's cache (docs/decisions/0024):
 * the API calls it in-process after an admin write (src/server/site.ts). The Worker's router has no
 * route to it, so a request from outside never reaches it.
 */
import type { APIRoute } from 'astro';
import * as v from 'valibot';

export const prerender = false;

const PurgeRequest = v.object({ tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.minLength(1), v.maxLength(100)) });

export const POST: APIRoute = async ({ request, cache }) => {
  const parsed = v.safeParse(PurgeRequest, await request.json().catch(() => null));
  if (!parsed.success) return new Response(v.summarize(parsed.issues), { status: 400 });
  await cache.invalidate({ tags: parsed.output.tags });
  return new Response(null, { status: 204 });
};
