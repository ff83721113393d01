/**
 * `npm start`'s local scheduler (scripts/lib/scheduler.ts): it fires the scheduler Worker at the
 * minutes scheduler/wrangler.toml's Cron Trigger names, in UTC as Cloudflare does.
 */
import { describe, expect, it } from 'vitest';
import { cronTimer, schedulerConfig } from '../../scripts/lib/scheduler.ts';

const iso = (d: Date | null) => d?.toISOString();

describe('the local scheduler’s cron', () => {
  it('reads the one schedule from scheduler/wrangler.toml, and every cron of it can be followed', () => {
    const { crons, compatibilityDate } = schedulerConfig();
    expect(crons.length).toBeGreaterThan(0);
    expect(compatibilityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const cron of crons) cronTimer(cron, async () => {}, true).stop();
  });

  it('fires at the minutes a cron names in UTC, whatever the machine’s time zone, and across DST', () => {
    const timer = cronTimer('0 12 * * *', async () => {}, true);
    try {
      // New York's clocks went forward at 2026-03-08 07:00 UTC; the UTC minute stays.
      expect(iso(timer.nextRun(new Date('2026-03-07T12:30:00Z')))).toBe('2026-03-08T12:00:00.000Z');
      expect(iso(timer.nextRun(new Date('2026-03-08T12:00:00Z')))).toBe('2026-03-09T12:00:00.000Z');
    } finally {
      timer.stop();
    }
    const every5 = cronTimer('*/5 * * * *', async () => {}, true);
    try {
      expect(iso(every5.nextRun(new Date('2026-11-01T05:58:30Z')))).toBe('2026-11-01T06:00:00.000Z');
    } finally {
      every5.stop();
    }
  });

  it('refuses a cron it cannot follow', () => {
    expect(() => cronTimer('* * * *', async () => {}, true)).toThrow();
    expect(() => cronTimer('61 * * * *', async () => {}, true)).toThrow();
  });
});
