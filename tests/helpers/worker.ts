import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { ROOT } from '../../scripts/lib/stack.ts';

/** wrangler.toml's compatibility settings, so the test runtime matches production's. */
function compatibility(): { date: string; flags: string[] } {
  const toml = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1];
  if (!date) throw new Error('wrangler.toml has no compatibility_date');
  return { date, flags: flags ? [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '') : [] };
}

/** The compiled Pages function in workerd, with the bindings production has. */
export function startWorker(scriptPath: string, bindings: Record<string, string>): Miniflare {
  const { date, flags } = compatibility();
  return new Miniflare({
    modules: true,
    scriptPath,
    compatibilityDate: date,
    compatibilityFlags: flags,
    bindings,
    r2Buckets: ['IMAGES'],
  });
}
