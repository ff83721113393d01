import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import { addDays, nyDate } from '../delivery/windows.ts';
import { SITE } from '../site/settings.ts';
import { DeliveryCheck, DeliveryFailure } from './door.schema.ts';
import { ageOn, cashRefusal, doorRefusals, ID_TYPE_LABELS, ID_TYPES, isIdLast4, isOfAge, UNDER_AGE_MESSAGE } from './proof.ts';

describe('age on a New York date (D34)', () => {
  it('counts whole years, a birthday counting from its first day', () => {
    expect(ageOn('2000-06-15', '2021-06-14')).toBe(20);
    expect(ageOn('2000-06-15', '2021-06-15')).toBe(21);
    expect(ageOn('2000-06-15', '2021-06-16')).toBe(21);
    expect(ageOn('2000-12-31', '2022-01-01')).toBe(21);
    expect(ageOn('2001-01-01', '2021-12-31')).toBe(20);
  });

  it(`passes on the ${SITE.minimumAge}st birthday itself and refuses the day before`, () => {
    expect(SITE.minimumAge).toBe(21);
    expect(isOfAge('2004-11-26', '2025-11-26')).toBe(true);
    expect(isOfAge('2004-11-26', '2025-11-25')).toBe(false);
    expect(isOfAge('1960-01-01', '2025-11-25')).toBe(true);
  });

  it('takes Mar 1 as the birthday of someone born on Feb 29 in a year without Feb 29', () => {
    // 2025 has no Feb 29: the 21st birthday of someone born on 2004-02-29 is Mar 1.
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(isOfAge('2004-02-29', '2025-02-28')).toBe(false);
    expect(isOfAge('2004-02-29', '2025-03-01')).toBe(true);
    // In a leap year the birthday is Feb 29 itself.
    expect(ageOn('2004-02-29', '2028-02-28')).toBe(23);
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24);
    // 2100 is not a leap year (divisible by 100), 2000 was (divisible by 400).
    expect(ageOn('2080-02-29', '2100-02-28')).toBe(19);
    expect(ageOn('2080-02-29', '2100-03-01')).toBe(20);
    expect(ageOn('1980-02-29', '2000-02-29')).toBe(20);
  });

  it('refuses what is not a date', () => {
    expect(() => ageOn('29/02/2004', '2025-03-01')).toThrow(RangeError);
  });
});

describe('the ID and cash rules (D34)', () => {
  it('names every kind of ID', () => {
    expect(ID_TYPES.map((t) => ID_TYPE_LABELS[t])).toEqual(["Driver's license", 'State ID card', 'Passport', 'Military ID']);
  });

  it('takes exactly 4 letters or digits as the last 4', () => {
    for (const ok of ['1234', 'AB12', 'x9z0']) expect(isIdLast4(ok), ok).toBe(true);
    for (const bad of ['123', '12345', 'D1234567', '12 4', '12-4', '', 'ÄB12']) expect(isIdLast4(bad), bad).toBe(false);
  });

  it('refuses cash short of the total, naming the total', () => {
    expect(cashRefusal(5299, 5299)).toBeNull();
    expect(cashRefusal(6000, 5299)).toBeNull();
    expect(cashRefusal(5298, 5299)).toBe('Collect at least the order total of $52.99 before handing over the order.');
    expect(cashRefusal(0, 120_050)).toContain('$1,200.50');
  });

  it('puts each refusal on its field', () => {
    expect(doorRefusals({ dateOfBirth: '2004-11-26', cashCollected: 5000 }, 5000, '2025-11-26')).toEqual({});
    expect(doorRefusals({ dateOfBirth: '2004-11-27', cashCollected: 4999 }, 5000, '2025-11-26')).toEqual({
      dateOfBirth: UNDER_AGE_MESSAGE,
      cashCollected: 'Collect at least the order total of $50.00 before handing over the order.',
    });
    expect(UNDER_AGE_MESSAGE).toBe('The recipient must be 21 or older today. Do not hand over the order.');
  });
});

describe('DeliveryCheck and DeliveryFailure', () => {
  const check = { idType: 'drivers_license', dateOfBirth: '1990-05-04', idLast4: 'ab12', cashCollected: 5299 };
  const fields = (input: unknown) => {
    const r = v.safeParse(DeliveryCheck, input);
    return r.success ? {} : issuesToFields(r.issues);
  };

  it('takes a complete check and keeps the last 4 in capitals', () => {
    expect(v.parse(DeliveryCheck, check)).toEqual({ ...check, idLast4: 'AB12' });
  });

  it('refuses a longer ID number rather than cutting it down', () => {
    expect(fields({ ...check, idLast4: 'D12345678' })).toEqual({
      idLast4: 'Enter only the last 4 characters of the ID number, never the whole number',
    });
    expect(fields({ ...check, idLast4: '12' })).toEqual({ idLast4: 'Enter exactly the last 4 letters or digits of the ID number' });
    expect(fields({ ...check, idLast4: '12-4' })).toEqual({ idLast4: 'Enter exactly the last 4 letters or digits of the ID number' });
  });

  it('needs a real, past date of birth, an ID type and whole cents', () => {
    const tomorrow = addDays(nyDate(Date.now()), 1);
    expect(fields({ ...check, dateOfBirth: tomorrow })).toEqual({ dateOfBirth: 'The date of birth cannot be in the future' });
    expect(fields({ ...check, dateOfBirth: nyDate(Date.now()) })).toEqual({});
    expect(fields({ ...check, dateOfBirth: '2001-02-29' })).toEqual({ dateOfBirth: 'Enter the date of birth as a real date (YYYY-MM-DD)' });
    expect(fields({ ...check, dateOfBirth: '' })).toEqual({ dateOfBirth: 'Enter the date of birth on the ID' });
    expect(fields({ ...check, idType: 'library_card' })).toEqual({ idType: 'Choose the type of ID' });
    expect(fields({ ...check, cashCollected: 52.5 })).toEqual({ cashCollected: 'Enter the cash collected in whole cents' });
    expect(fields({ ...check, cashCollected: -1 })).toEqual({ cashCollected: 'The cash collected cannot be negative' });
    expect(fields({ ...check, idNumber: 'D12345678' })).toHaveProperty('idNumber');
  });

  it('needs a reason of 3 to 300 characters', () => {
    expect(v.parse(DeliveryFailure, { reason: '  No one home  ' })).toEqual({ reason: 'No one home' });
    for (const [reason, message] of [
      ['', 'Say why the order could not be delivered'],
      ['ok', 'The reason must be at least 3 characters'],
      ['x'.repeat(301), 'The reason must be at most 300 characters'],
    ] as const) {
      const r = v.safeParse(DeliveryFailure, { reason });
      expect(r.success ? {} : issuesToFields(r.issues)).toEqual({ reason: message });
    }
  });
});
