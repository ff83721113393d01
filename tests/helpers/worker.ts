import type { Miniflare } from 'miniflare';
import { startWorkerd } from '../../scripts/lib/workerd.ts';

/**
 * The built Worker in workerd (Miniflare) from its config, `<dist>/server/wrangler.json`
 * (inject('workerConfig')), with the bindings production has besides the config's vars.
 */
export function startWorker(config: string, bindings: Record<string, string>): Miniflare {
  return startWorkerd({ config, bindings });
}
