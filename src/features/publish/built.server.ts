import type { Fetcher } from '@cloudflare/workers-types';
import { BUILT_CATALOGUE_PATH, type BuiltCatalogue, parseBuiltCatalogue } from './built.ts';

/**
 * The record of the build being served (dist/_catalogue.json) in the deploy's static files (Pages'
 * ASSETS binding, absent where the API runs without them: the Node tests); null when it has none
 * or it cannot be read, which counts as older than any catalogue. Read on every request, not kept:
 * `npm start` swaps in a new build under the running server.
 */
export async function readBuiltCatalogue(assets: Fetcher | undefined, origin: string): Promise<BuiltCatalogue | null> {
  if (!assets) return null;
  try {
    const res = await assets.fetch(new URL(BUILT_CATALOGUE_PATH, origin));
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return parseBuiltCatalogue(await res.json());
  } catch {
    // Any failure to read the record means the same: no known build, older than any catalogue.
    return null;
  }
}
