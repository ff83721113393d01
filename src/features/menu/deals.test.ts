import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import { dealState } from './deals.ts';
import { DealInput } from './menu.schema.ts';

describe('deal state (D32)', () => {
  const window = { active: true, startsAt: 1_000, endsAt: 2_000 };
  it('is scheduled before its start, live from its start, ended from its end, off when switched off', () => {
    expect(dealState(window, 999)).toBe('scheduled');
    expect(dealState(window, 1_000)).toBe('live');
    expect(dealState(window, 1_999)).toBe('live');
    expect(dealState(window, 2_000)).toBe('ended');
    expect(dealState({ ...window, active: false }, 1_500)).toBe('off');
    expect(dealState({ active: true, startsAt: null, endsAt: null }, 0)).toBe('live');
  });
});

describe('deal input', () => {
  const ok = { name: 'Weekend', percentOff: 20, productIds: [3, 1, 3] };
  const fields = (input: unknown) => {
    const result = v.safeParse(DealInput, input);
    return result.success ? {} : issuesToFields(result.issues);
  };

  it('defaults to an open-ended, active deal and drops repeated products', () => {
    expect(v.parse(DealInput, ok)).toEqual({ ...ok, productIds: [3, 1], startsAt: null, endsAt: null, active: true });
  });

  it('names the field of each mistake', () => {
    expect(fields({ ...ok, percentOff: 0 })).toEqual({ percentOff: 'Percent off is 1 to 90' });
    expect(fields({ ...ok, percentOff: 91 })).toEqual({ percentOff: 'Percent off is 1 to 90' });
    expect(fields({ ...ok, percentOff: 12.5 })).toEqual({ percentOff: 'Percent off is a whole number' });
    expect(fields({ ...ok, productIds: [] })).toEqual({ productIds: 'Choose at least one product' });
    expect(fields({ ...ok, startsAt: '2026-03-08T02:30' })).toEqual({
      startsAt: 'Mar 8, 2026, 2:30 AM does not exist in New York: the clocks skip that hour. Choose another time.',
    });
    expect(fields({ ...ok, startsAt: '2026-11-01T03:00', endsAt: '2026-11-01T01:30' })).toEqual({
      endsAt: 'The end must be after the start',
    });
    expect(fields({ ...ok, startsAt: '2026-11-01T01:30', endsAt: '2026-11-01T01:30' })).toEqual({
      endsAt: 'The end must be after the start',
    });
    expect(fields({ ...ok, startsAt: '2026-11-01T01:30', endsAt: '2026-11-01T01:31' })).toEqual({});
  });
});
