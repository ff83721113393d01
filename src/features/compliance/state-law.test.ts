import { describe, expect, it } from 'vitest';
import { addUsage, dailyLimitRefusal, type PurchaseLimit, remainingOf } from './limits.ts';
import { patientRefusal } from './patients.ts';
import { emailKey, phoneKey } from './person.ts';

const MD: PurchaseLimit[] = [
  { state: 'MD', kind: 'flower', limitAmount: 42.52, unit: 'g', source: '', lastVerified: '' },
  { state: 'MD', kind: 'concentrate', limitAmount: 12, unit: 'g', source: '', lastVerified: '' },
  { state: 'MD', kind: 'edible_thc', limitAmount: 750, unit: 'mg', source: '', lastVerified: '' },
];
const none = { flower: 0, concentrate: 0, edible_thc: 0 };

describe('a person (D39)', () => {
  it('is the same phone however it is typed', () => {
    for (const typed of ['(301) 555-0100', '301.555.0100', '+1 301 555 0100', '1-301-555-0100', '3015550100']) {
      expect(phoneKey(typed)).toBe('3015550100');
    }
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
  });

  it('is the same inbox whatever its case or +tag', () => {
    expect(emailKey(' Ada+Shop@Example.COM ')).toBe('ada@example.com');
    expect(emailKey('ada@example.com')).toBe('ada@example.com');
    // A + after the @ is not a tag.
    expect(emailKey('ada@ex+ample.com')).toBe('ada@ex+ample.com');
  });
});

describe("a day's limits (D39)", () => {
  it('passes within the limit, counting the earlier orders of the day', () => {
    expect(dailyLimitRefusal({ ...none, flower: 28 }, { ...none, flower: 14 }, MD)).toBeNull();
  });

  it('names the limit passed and what remains of every kind', () => {
    const message = dailyLimitRefusal({ ...none, flower: 28, edible_thc: 100 }, { ...none, flower: 28 }, MD);
    expect(message).toBe(
      "Maryland allows at most 42.5 g of flower per person a day, counting today's earlier orders. You can still buy 14.5 g of flower, 12 g of concentrate, 650 mg of THC in edibles today.",
    );
  });

  it('never says less than nothing remains', () => {
    expect(remainingOf({ ...none, flower: 50 }, MD)[0]).toEqual({ kind: 'flower', remaining: 0, unit: 'g' });
    expect(addUsage({ ...none, concentrate: 0.1 }, { ...none, concentrate: 0.2 }).concentrate).toBe(0.3);
  });
});

describe('a patients-only state (D39)', () => {
  const today = '2026-11-28';
  it('needs a registry number and a current expiry date', () => {
    expect(patientRefusal(undefined, today)?.field).toBe('patientId');
    expect(patientRefusal({ id: 'ab', expiresOn: '2027-01-01' }, today)?.field).toBe('patientId');
    expect(patientRefusal({ id: 'DC-1234' }, today)?.field).toBe('patientExpiresOn');
    expect(patientRefusal({ id: 'DC-1234', expiresOn: '2026-11-27' }, today)?.message).toContain('expired');
    expect(patientRefusal({ id: 'DC-1234', expiresOn: today }, today)).toBeNull();
  });
});
