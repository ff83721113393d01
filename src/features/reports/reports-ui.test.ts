import { describe, expect, it } from 'vitest';
import { checkCustomRange, dayLabel, rangeLabel, shortDate, slotLabel, summaryOutcomeText, windowsGrid } from './reports-ui.ts';

describe('dates as the charts print them', () => {
  it('writes short dates and days', () => {
    expect(shortDate('2025-01-05')).toBe('Jan 5');
    expect(dayLabel('2025-01-05')).toBe('Sun, Jan 5');
  });
  it('writes ranges', () => {
    expect(rangeLabel({ from: '2025-03-02', to: '2025-03-02' })).toBe('Sun, Mar 2, 2025');
    expect(rangeLabel({ from: '2025-03-02', to: '2025-04-01' })).toBe('Mar 2 - Apr 1, 2025');
    expect(rangeLabel({ from: '2024-12-30', to: '2025-01-05' })).toBe('Dec 30, 2024 - Jan 5, 2025');
  });
});

describe('checkCustomRange', () => {
  it('takes a range in order', () =>
    expect(checkCustomRange('2025-01-01', '2025-01-31')).toEqual({ ok: true, range: { from: '2025-01-01', to: '2025-01-31' } }));
  it('names the field at fault', () => {
    expect(checkCustomRange('', '2025-01-31')).toEqual({ ok: false, errors: { from: 'Choose the first day' } });
    expect(checkCustomRange('2025-02-30', '')).toEqual({
      ok: false,
      errors: { from: 'That is not a real date', to: 'Choose the last day' },
    });
    expect(checkCustomRange('2025-02-01', '2025-01-01')).toEqual({
      ok: false,
      errors: { to: 'The range must end on or after its first day' },
    });
    expect(checkCustomRange('2024-01-01', '2025-06-01')).toEqual({ ok: false, errors: { to: 'A range is at most 366 days' } });
  });
});

describe('windowsGrid', () => {
  it('puts weekdays Monday first, leaving out windows a day does not have and days the range misses', () => {
    const grid = windowsGrid({
      range: { from: '2025-01-01', to: '2025-01-07' },
      slots: [
        { startMinute: 540, endMinute: 720 },
        { startMinute: 1020, endMinute: 1260 },
      ],
      cells: [
        { weekday: 1, startMinute: 540, endMinute: 720, orders: 3, capacity: 10 },
        { weekday: 0, startMinute: 1020, endMinute: 1260, orders: 1, capacity: 8 },
      ],
      totals: { orders: 4, capacity: 18 },
    });
    expect(grid.columns.map((c) => c.label)).toEqual([slotLabel({ startMinute: 540, endMinute: 720 }), '5:00 PM - 9:00 PM']);
    expect(grid.columns[0]?.label).toBe('9:00 AM - 12:00 PM');
    expect(grid.rows.map((r) => r.lines[0])).toEqual(['Mon', 'Sun']);
    expect(grid.rows.map((r) => r.label)).toEqual(['Monday', 'Sunday']);
    expect(grid.cells).toEqual([
      [{ value: 3, max: 10 }, null],
      [null, { value: 1, max: 8 }],
    ]);
  });
});

describe('summaryOutcomeText', () => {
  it('says what happened', () => {
    expect(summaryOutcomeText({ sent: true, date: '2025-01-05' })).toBe('The summary of Sun, Jan 5, 2025 was e-mailed to the admins.');
    expect(summaryOutcomeText({ sent: false, date: '2025-01-05', reason: 'already_sent' })).toContain('already sent');
    expect(summaryOutcomeText({ sent: false, date: '2025-01-05', reason: 'off' })).toContain('turned off');
  });
});
