/**
 * The cron reading of `npm start`'s local scheduler (scripts/lib/cron.ts): it fires the scheduler
 * Worker at the minutes scheduler/wrangler.toml's Cron Trigger names, in UTC as Cloudflare does.
 */
import { describe, expect, it } from 'vitest';
import { cronMatches, nextCronTime, parseCron } from '../../scripts/lib/cron.ts';
import { schedulerConfig } from '../../scripts/lib/scheduler.ts';

const at = (iso: string) => new Date(iso);

describe('the local scheduler’s cron', () => {
  it('reads the one schedule from scheduler/wrangler.toml, and it is one the local run follows', () => {
    const { crons } = schedulerConfig();
    expect(crons.length).toBeGreaterThan(0);
    for (const cron of crons) expect(() => parseCron(cron)).not.toThrow();
  });

  it('names every fifth minute with */5, in UTC', () => {
    const cron = parseCron('*/5 * * * *');
    expect(cronMatches(cron, at('2026-03-08T11:00:00Z'))).toBe(true);
    expect(cronMatches(cron, at('2026-03-08T11:05:00Z'))).toBe(true);
    expect(cronMatches(cron, at('2026-03-08T11:04:00Z'))).toBe(false);
    expect(new Date(nextCronTime(cron, Date.parse('2026-03-08T10:58:30Z'))).toISOString()).toBe('2026-03-08T11:00:00.000Z');
    // A time on the minute is not its own next time.
    expect(new Date(nextCronTime(cron, Date.parse('2026-03-08T11:00:00Z'))).toISOString()).toBe('2026-03-08T11:05:00.000Z');
  });

  it('takes numbers, ranges, lists and steps; either day field matches when both are given', () => {
    const cron = parseCron('0,30 11-12 1 * 1');
    expect(cronMatches(cron, at('2026-06-01T11:30:00Z'))).toBe(true); // the 1st (a Monday)
    expect(cronMatches(cron, at('2026-06-08T12:00:00Z'))).toBe(true); // a Monday
    expect(cronMatches(cron, at('2026-06-09T12:00:00Z'))).toBe(false); // neither
    expect(cronMatches(cron, at('2026-06-08T13:00:00Z'))).toBe(false);
    expect(cronMatches(parseCron('0 0 * * 7'), at('2026-06-07T00:00:00Z'))).toBe(true); // 7 is Sunday
    expect(cronMatches(parseCron('10-20/5 * * * *'), at('2026-06-07T00:15:00Z'))).toBe(true);
    expect(cronMatches(parseCron('10-20/5 * * * *'), at('2026-06-07T00:25:00Z'))).toBe(false);
  });

  it('refuses what it cannot follow, naming the field', () => {
    expect(() => parseCron('* * * *')).toThrow(/5 fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/minute field "61" is outside 0-59/);
    expect(() => parseCron('0 12 * * MON')).toThrow(/day of week field "MON"/);
    expect(() => parseCron('0 12 L * *')).toThrow(/day of month field "L"/);
  });
});
