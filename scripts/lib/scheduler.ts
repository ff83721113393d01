/**
 * The Worker's Cron Trigger, followed locally by `npm start`: wrangler dev never fires `scheduled`
 * by itself, so a timer here fires the running Worker's real `scheduled` handler at each minute the
 * crons in wrangler.toml's [triggers] name (the one definition of the schedule, in UTC as Cloudflare
 * reads it), through wrangler dev's local trigger `/cdn-cgi/local/scheduled?cron=...&time=...`
 * (wrangler 4.164; its older spellings /cdn-cgi/handler/scheduled and /cdn-cgi/mf/scheduled are
 * rewritten to it). The timer only fires the handler; the jobs run in the Worker as on Cloudflare.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { ROOT } from './stack.ts';
import { readWranglerToml } from './workerd.ts';

export const WORKER_CONFIG = path.join(ROOT, 'wrangler.toml');

/** The Cron Triggers and compatibility date of the Worker's wrangler.toml. */
export function schedulerConfig(file = WORKER_CONFIG): { crons: string[]; compatibilityDate: string; compatibilityFlags: string[] } {
  const config = readWranglerToml(file);
  if (config.triggers.crons.length === 0) throw new Error(`${file} needs [triggers] crons`);
  return { crons: config.triggers.crons, compatibilityDate: config.compatibility_date, compatibilityFlags: config.compatibility_flags };
}

/**
 * One Cron Trigger's timer, in UTC as Cloudflare reads crons; `protect` skips a run while the last
 * is still going, as one trigger's runs never overlap on Cloudflare either. Paused, it only answers
 * when it would fire.
 */
export function cronTimer(expression: string, fire: (scheduledTime: number) => Promise<void>, paused = false): Cron {
  // Cloudflare's scheduledTime is the minute the trigger names, not the moment the run starts.
  const minute = () => Math.floor(Date.now() / 60_000) * 60_000;
  return new Cron(expression, { timezone: 'Etc/UTC', protect: true, paused }, () => fire(minute()));
}

/** wrangler dev's local trigger of the Worker's `scheduled` handler. */
export const LOCAL_SCHEDULED_PATH = '/cdn-cgi/local/scheduled';

/**
 * Fires the `scheduled` handler of the Worker wrangler dev serves at `workerUrl`, as Cloudflare
 * would for `cron` at `scheduledTime`; resolves with 'ok' or 'exception' (the handler threw).
 */
export async function fireScheduled(workerUrl: string, cron: string, scheduledTime: number): Promise<'ok' | 'exception'> {
  const url = new URL(LOCAL_SCHEDULED_PATH, workerUrl);
  url.searchParams.set('cron', cron);
  url.searchParams.set('time', String(scheduledTime));
  url.searchParams.set('format', 'json');
  const res = await fetch(url);
  const result = (await res.json().catch(() => ({}))) as { outcome?: string };
  return res.ok && result.outcome === 'ok' ? 'ok' : 'exception';
}

export interface LocalScheduler {
  /** The crons it follows, as written in wrangler.toml. */
  crons: string[];
  stop: () => void;
}

/**
 * `npm start`'s timer: fires the Worker at `workerUrl` at each minute its crons name. Each run's
 * outcome is a line in `logFile` (what the jobs log is in wrangler's log); a failed run is also
 * reported here, and the next one comes on time.
 */
export function startLocalScheduler(opts: { workerUrl: string; logFile?: string; config?: string }): LocalScheduler {
  const { crons } = schedulerConfig(opts.config);
  const log = (line: string) => {
    if (!opts.logFile) return;
    mkdirSync(path.dirname(opts.logFile), { recursive: true });
    appendFileSync(opts.logFile, `${new Date().toISOString()} ${line}\n`);
  };
  const timers = crons.map((cron) =>
    cronTimer(cron, async (scheduledTime) => {
      const at = new Date(scheduledTime).toISOString();
      try {
        const outcome = await fireScheduled(opts.workerUrl, cron, scheduledTime);
        log(`${cron} ${at} ${outcome}`);
        if (outcome !== 'ok') console.error(`[scheduler] the run of ${at} failed: the Worker's log says why`);
      } catch (err) {
        log(`${cron} ${at} not fired: ${err instanceof Error ? err.message : String(err)}`);
        console.error(`[scheduler] could not fire the run of ${at}:`, err);
      }
    }),
  );
  return {
    crons,
    stop: () => {
      for (const timer of timers) timer.stop();
    },
  };
}
