/** D38: what each state allows today, for the islands that say it on static pages; types from the route. */
import { api, call } from '../../lib/api.ts';

const load = () => call(api.states.$get());
let today: Promise<Awaited<ReturnType<typeof load>> | null> | undefined;

/**
 * GET /api/states, once per page however many islands ask; null when it failed (asked again by the
 * next island that asks).
 */
export function statesToday() {
  today ??= load().catch(() => {
    today = undefined;
    return null;
  });
  return today;
}
