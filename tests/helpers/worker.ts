import type { Miniflare } from 'miniflare';
import { startWorkerd } from '../../scripts/lib/workerd.ts';

/** The compiled Pages function in workerd, with the bindings production has. */
export function startWorker(scriptPath: string, bindings: Record<string, string>): Miniflare {
  return startWorkerd({ scriptPath, bindings });
}
