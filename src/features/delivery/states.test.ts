import { describe, expect, it } from 'vitest';
import { closedMessage, longDate, patientsHeading, salesOn, taxPercentOnGoods, withinHours } from './states.ts';

describe('a state on a date (D38)', () => {
  it('is closed before its opening date and sells as its row says from that date', () => {
    const va = { sales: 'adult' as const, opensOn: '2027-01-01' };
    expect(salesOn(va, '2026-12-31')).toBe('closed');
    expect(salesOn(va, '2027-01-01')).toBe('adult');
    expect(salesOn({ sales: 'closed', opensOn: null }, '2030-01-01')).toBe('closed');
    expect(salesOn({ sales: 'patients', opensOn: null }, '2026-11-28')).toBe('patients');
  });

  it('says a closed state in plain words, with its opening date while it is ahead', () => {
    expect(closedMessage({ name: 'Virginia', opensOn: null }, '2026-11-28')).toBe("We can't deliver to Virginia yet.");
    expect(closedMessage({ name: 'Virginia', opensOn: '2027-01-01' }, '2026-11-28')).toBe(
      "We can't deliver to Virginia yet. Sales open on January 1, 2027.",
    );
    expect(longDate('2027-07-01')).toBe('July 1, 2027');
    expect(patientsHeading({ code: 'DC' })).toBe('DC: for registered medical patients');
  });

  it('adds up the percent on goods', () => {
    expect(
      taxPercentOnGoods([
        { name: 'a', basisPoints: 1200, appliesTo: 'goods' },
        { name: 'b', basisPoints: 50, appliesTo: 'both' },
        { name: 'c', basisPoints: 600, appliesTo: 'fee' },
      ]),
    ).toBe(12.5);
  });
});

describe("a state's delivery hours (D38)", () => {
  const hours = { deliveryStart: '09:00', deliveryEnd: '21:00' };
  const ny = (wall: string, offset: string) => Date.parse(`${wall}:00${offset}`);

  it('keeps the windows within the hours, in New York time, on either side of a change of clocks', () => {
    // 2026-11-01: clocks go back at 02:00. An evening window 17:00-21:00 EST is 22:00-02:00 UTC.
    expect(withinHours({ start: ny('2026-11-01T17:00', '-05:00'), end: ny('2026-11-01T21:00', '-05:00') }, hours)).toBe(true);
    expect(withinHours({ start: ny('2026-10-31T17:00', '-04:00'), end: ny('2026-10-31T21:00', '-04:00') }, hours)).toBe(true);
    expect(withinHours({ start: ny('2026-11-01T08:00', '-05:00'), end: ny('2026-11-01T10:00', '-05:00') }, hours)).toBe(false);
    expect(withinHours({ start: ny('2026-03-08T19:00', '-04:00'), end: ny('2026-03-08T22:00', '-04:00') }, hours)).toBe(false);
  });

  it('reads a window ending at midnight as ending at 24:00', () => {
    const late = { start: ny('2026-11-28T20:00', '-05:00'), end: ny('2026-11-29T00:00', '-05:00') };
    expect(withinHours(late, hours)).toBe(false);
    expect(withinHours(late, { deliveryStart: '09:00', deliveryEnd: '24:00' })).toBe(true);
  });
});
