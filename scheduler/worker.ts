/**
 * The scheduler (docs/decisions/0021): a Worker whose only handler is `scheduled`. Cloudflare runs
 * it on the Cron Trigger in scheduler/wrangler.toml, and `npm start` fires the same handler on the
 * same schedule (scripts/lib/scheduler.ts). Pages Functions cannot have Cron Triggers, so this
 * Worker asks the shop to run its jobs: POST {SHOP_URL}/api/scheduler/run with the shared secret.
 * A failed call throws, so Cloudflare's cron log shows the run as failed.
 */
import type { ExportedHandler } from '@cloudflare/workers-types';
import {
  SCHEDULER_AUTH_SCHEME,
  SCHEDULER_CALL_TIMEOUT_MS,
  SCHEDULER_RUN_PATH,
  SCHEDULER_SECRET_MIN_LENGTH,
} from '../src/features/scheduler/scheduler.ts';

export interface Env {
  /** The shop's origin, e.g. https://greenlinedelivery.com (a var in scheduler/wrangler.toml). */
  SHOP_URL?: string;
  /** The secret the shop's Pages project has as well (`wrangler secret put SCHEDULER_SECRET`). */
  SCHEDULER_SECRET?: string;
}

/** Why a run cannot be made or did not succeed; thrown, so the cron run is marked failed. */
class SchedulerRunFailed extends Error {
  override name = 'SchedulerRunFailed';
}

/** Asks the shop to run its jobs once; resolves with its answer, throws on any failure. */
async function runShopJobs(env: Env, scheduledTime: number): Promise<unknown> {
  const shop = env.SHOP_URL?.trim() ?? '';
  const secret = env.SCHEDULER_SECRET?.trim() ?? '';
  if (!URL.canParse(shop) || !['http:', 'https:'].includes(new URL(shop).protocol)) {
    throw new SchedulerRunFailed('SHOP_URL must be the shop’s http(s) origin');
  }
  if (secret.length < SCHEDULER_SECRET_MIN_LENGTH) {
    throw new SchedulerRunFailed(`SCHEDULER_SECRET must be set, at least ${SCHEDULER_SECRET_MIN_LENGTH} characters`);
  }
  const url = new URL(SCHEDULER_RUN_PATH, shop);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `${SCHEDULER_AUTH_SCHEME} ${secret}` },
      signal: AbortSignal.timeout(SCHEDULER_CALL_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SchedulerRunFailed(`POST ${url.href} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
  const text = await res.text();
  if (!res.ok) {
    // A 404 here means the shop's SCHEDULER_SECRET is unset or differs from this Worker's.
    throw new SchedulerRunFailed(`POST ${url.href} answered ${res.status}: ${text.slice(0, 500)}`);
  }
  let answer: { ok?: unknown } | null = null;
  try {
    answer = JSON.parse(text) as { ok?: unknown };
  } catch {
    throw new SchedulerRunFailed(`POST ${url.href} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  console.log(`Scheduled run of ${new Date(scheduledTime).toISOString()}: ${text}`);
  // The shop answers 200 when it ran; a job that failed or ran late makes this run a failure too.
  if (answer?.ok !== true) throw new SchedulerRunFailed(`The shop ran its jobs, and not all of them succeeded: ${text.slice(0, 1000)}`);
  return answer;
}

export default {
  async scheduled(controller, env) {
    await runShopJobs(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
