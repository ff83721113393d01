/**
 * The Worker's Cron Trigger (wrangler.toml's [triggers] crons, docs/decisions/0024): the schedule
 * the `scheduled` handler runs on, read in UTC as Cloudflare reads it. The daily summary (R7) is
 * due from 07:00 New York whatever the season, so the cron must fire soon after that minute in
 * winter (12:00 UTC) and in summer (11:00 UTC) alike.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { dailySummaryDue } from '../../src/features/scheduler/scheduler.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const config = parse(readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')) as { main?: string; triggers?: { crons?: unknown } };
const crons = (config.triggers?.crons ?? []) as string[];

/** The first minute at or after `from` that one of the crons names, in UTC. */
function nextRun(from: Date): Date {
  const runs = crons.map((c) => new Cron(c, { timezone: 'Etc/UTC', paused: true }).nextRun(new Date(from.getTime() - 1)));
  const times = runs.filter((d): d is Date => d !== null).map((d) => d.getTime());
  expect(times.length).toBeGreaterThan(0);
  return new Date(Math.min(...times));
}

describe('the Worker’s Cron Trigger', () => {
  it('is declared in wrangler.toml beside the Worker whose scheduled handler it runs, and every cron parses', () => {
    expect(config.main).toBe('./functions/worker.ts');
    expect(crons.length).toBeGreaterThan(0);
    for (const cron of crons) expect(() => new Cron(cron, { timezone: 'Etc/UTC', paused: true }).stop(), cron).not.toThrow();
  });

  it('fires within 5 minutes after 07:00 New York in winter, in summer and on both days the clocks change', () => {
    for (const sevenInNewYork of [
      '2026-01-15T12:00:00Z', // EST
      '2026-07-15T11:00:00Z', // EDT
      '2026-03-08T11:00:00Z', // the clocks sprang forward that night
      '2026-11-01T12:00:00Z', // the clocks fell back that night
    ]) {
      const due = new Date(sevenInNewYork);
      expect(dailySummaryDue(due.getTime()), sevenInNewYork).toBe(true);
      const run = nextRun(due);
      expect(run.getTime() - due.getTime(), sevenInNewYork).toBeLessThanOrEqual(5 * 60_000);
    }
  });

  it('fires at least once an hour, so housekeeping never falls far behind', () => {
    let at = new Date('2026-06-10T00:00:00Z');
    for (let i = 0; i < 48; i++) {
      const run = nextRun(at);
      expect(run.getTime() - at.getTime()).toBeLessThanOrEqual(60 * 60_000);
      at = new Date(run.getTime() + 60_000);
    }
  });
});
