/**
 * The Worker's entry (docs/decisions/0024): adapters only, no logic. `fetch` is the site's one
 * router, given Astro's renderer (the Cloudflare adapter's documented handler) for the pages Astro
 * renders on request; `scheduled` runs the scheduled jobs on wrangler.toml's Cron Trigger.
 */
import { handle } from '@astrojs/cloudflare/handler';
import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import type { SiteBindings } from '../src/server/pages/pages.ts';
import { runScheduled } from '../src/server/scheduled.ts';
import { createSite, type RenderPage } from '../src/server/site.ts';

// The handler is typed with the runtime's own Request and Response (src/server/platform.ts says why).
const site = createSite(handle as unknown as RenderPage);

export default {
  fetch: site.fetch,
  scheduled: (controller: ScheduledController, env: SiteBindings, ctx: ExecutionContext) =>
    runScheduled(controller.scheduledTime, env, ctx),
};
