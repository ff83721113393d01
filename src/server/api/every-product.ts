/**
 * GET /api/products with no parameters: every public product, which the specs' clients ask for.
 * At 10,000 products it is the heaviest read, so each colo keeps the answer in the Workers cache
 * under the catalogue's stamp (docs/decisions/0017): it is read once per change, and once per
 * recheck time at most, since stock moves without changing the stamp. Every other read, and
 * checkout's own stock check, stays live.
 */
import type { Context } from 'hono';
import { stampText } from '../../features/publish/stamp.ts';
import { edgeKey, knownStamp, recheckSeconds } from '../catalogue-edge.ts';
import { edgeCache } from '../platform.ts';
import { inBackground } from './background.ts';
import { CACHE } from './cache.ts';
import type { AppEnv } from './env.ts';

/** `read`'s answer, or the same answer kept at the edge; typed as `read`'s, which the typed client reads. */
export async function keptEveryProduct<R extends Response>(c: Context<AppEnv>, read: () => Promise<R>): Promise<R> {
  const cache = edgeCache();
  if (!cache) return read();
  const origin = new URL(c.req.url).origin;
  const known = await knownStamp(c.env, origin, c.executionCtx, () => c.var.db);
  // Unconfirmed: read, which answers 503 while the database is away.
  if (!known || known.stale) return read();
  const key = edgeKey(origin, `every-product/${stampText(known.stamp)}`);
  const hit = await cache.match(key).catch(() => undefined);
  if (hit) {
    const headers = new Headers(hit.headers);
    headers.set('cache-control', CACHE.live);
    return new Response(hit.body, { status: 200, headers }) as R;
  }
  const res = await read();
  if (res.status === 200) {
    const kept = new Response(res.clone().body, res);
    kept.headers.set('cache-control', `max-age=${recheckSeconds(c.env)}`);
    inBackground(c, cache.put(key, kept));
  }
  return res;
}
