/**
 * The scheduler Worker (scheduler/worker.ts) run locally by `npm start`: bundled by wrangler as
 * `wrangler deploy` bundles it, run in workerd through Miniflare with SHOP_URL and the secret, and
 * its real `scheduled` handler fired at the minutes the Cron Trigger in scheduler/wrangler.toml
 * names (the one definition of the schedule). The timer here only fires the handler; the handler
 * calls the shop exactly as it does on Cloudflare (docs/decisions/0021).
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Cron } from 'croner';
import { Miniflare } from 'miniflare';
import { bin, ROOT, runToEnd } from './stack.ts';
import { readWranglerToml } from './workerd.ts';

export const SCHEDULER_CONFIG = path.join(ROOT, 'scheduler', 'wrangler.toml');

/** The Cron Triggers and compatibility date of scheduler/wrangler.toml. */
export function schedulerConfig(file = SCHEDULER_CONFIG): { crons: string[]; compatibilityDate: string; compatibilityFlags: string[] } {
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

/** `wrangler deploy --dry-run`: the bundle Cloudflare would get; resolves with its entry. */
export async function buildScheduler(outDir: string, logFile?: string): Promise<string> {
  await runToEnd('wrangler deploy --dry-run', bin('wrangler'), ['deploy', '-c', SCHEDULER_CONFIG, '--dry-run', '--outdir', outDir], {
    env: { WRANGLER_SEND_METRICS: 'false' },
    ...(logFile ? { logFile } : {}),
  });
  return path.join(outDir, 'worker.js');
}

/**
 * The Worker in workerd, its handlers reachable through Miniflare's /cdn-cgi/handler/ paths. With
 * `logFile`, what the Worker logs (each run's answer, as Cloudflare's cron log shows it) goes there.
 */
export function startSchedulerWorker(opts: { scriptPath: string; shopUrl: string; secret: string; logFile?: string }): Miniflare {
  const { logFile } = opts;
  const { compatibilityDate, compatibilityFlags } = schedulerConfig();
  return new Miniflare({
    modules: true,
    scriptPath: opts.scriptPath,
    // Module names are paths from here; from the working directory a build outside it
    // (GREENLINE_DATA_DIR elsewhere) would need '..', which workerd refuses.
    modulesRoot: path.dirname(opts.scriptPath),
    compatibilityDate,
    compatibilityFlags,
    bindings: { SHOP_URL: opts.shopUrl, SCHEDULER_SECRET: opts.secret },
    unsafeTriggerHandlers: true,
    ...(logFile
      ? {
          handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
            mkdirSync(path.dirname(logFile), { recursive: true });
            const log = createWriteStream(logFile, { flags: 'a' });
            stdout.pipe(log);
            stderr.pipe(log);
          },
        }
      : {}),
  });
}

/**
 * Fires the Worker's `scheduled` handler as Cloudflare would for `cron` at `scheduledTime`;
 * resolves with 'ok' or 'exception' (the handler threw: the run failed).
 */
export async function fireScheduled(mf: Miniflare, cron: string, scheduledTime: number): Promise<'ok' | 'exception'> {
  const url = new URL('http://localhost/cdn-cgi/handler/scheduled');
  url.searchParams.set('cron', cron);
  url.searchParams.set('time', String(scheduledTime));
  url.searchParams.set('format', 'json');
  const res = await mf.dispatchFetch(url);
  const result = (await res.json()) as { outcome?: string };
  return result.outcome === 'ok' ? 'ok' : 'exception';
}

interface LocalScheduler {
  /** The crons it follows, as written in scheduler/wrangler.toml. */
  crons: string[];
  stop: () => Promise<void>;
}

/**
 * The scheduler for `npm start`: the Worker, and a timer that fires it at each minute its crons
 * name. A failed run is logged and the next one comes on time; the shop keeps running.
 */
export async function startLocalScheduler(opts: {
  shopUrl: string;
  secret: string;
  buildDir: string;
  logFile?: string;
}): Promise<LocalScheduler> {
  const { crons } = schedulerConfig();
  const scriptPath = await buildScheduler(opts.buildDir, opts.logFile);
  const mf = startSchedulerWorker({
    scriptPath,
    shopUrl: opts.shopUrl,
    secret: opts.secret,
    ...(opts.logFile ? { logFile: opts.logFile } : {}),
  });
  await mf.ready;
  const timers = crons.map((cron) =>
    cronTimer(cron, async (scheduledTime) => {
      const at = new Date(scheduledTime).toISOString();
      try {
        const outcome = await fireScheduled(mf, cron, scheduledTime);
        if (outcome !== 'ok') console.error(`[scheduler] the run of ${at} failed: ${opts.logFile ?? 'its log is above'}`);
      } catch (err) {
        console.error(`[scheduler] could not fire the run of ${at}:`, err);
      }
    }),
  );
  return {
    crons,
    stop: async () => {
      for (const timer of timers) timer.stop();
      await mf.dispose();
    },
  };
}
