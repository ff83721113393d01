import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import { addDays, nyDate } from '../delivery/windows.ts';
import { SITE } from '../site/settings.ts';
import { DeliveryCheck, DeliveryFailure, IdCheck } from './door.schema.ts';
import {
  ageOn,
  cashRefusal,
  type DoorLimits,
  doorLimitRefusal,
  doorRefusals,
  ID_TYPE_LABELS,
  ID_TYPES,
  isIdLast4,
  isOfAge,
  REGISTRY_MESSAGES,
  registryLast4Of,
  registryRefusals,
  UNDER_AGE_MESSAGE,
} from './proof.ts';

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

describe("a day's limits at the door, by ID (D39)", () => {
  const maryland: DoorLimits = {
    stateName: 'Maryland',
    scope: 'day',
    limits: [
      { kind: 'flower', limitAmount: 42.52, unit: 'g' },
      { kind: 'concentrate', limitAmount: 12, unit: 'g' },
      { kind: 'edible_thc', limitAmount: 750, unit: 'mg' },
    ],
  };
  const usage = (flower = 0, concentrate = 0, edible_thc = 0) => ({ flower, concentrate, edible_thc });

  it('passes what fits the day with what the ID was already handed, up to the limit itself', () => {
    expect(doorLimitRefusal(usage(), usage(28), maryland)).toBeNull();
    expect(doorLimitRefusal(usage(14.52), usage(28), maryland)).toBeNull();
    // Tenths of a gram summed in floating point land a hair past the limit: still within.
    expect(doorLimitRefusal(usage(0.1 + 0.2), usage(42.22), maryland)).toBeNull();
    expect(doorLimitRefusal(usage(0, 11, 700), usage(0, 1, 50), maryland)).toBeNull();
  });

  it('refuses past a limit, naming the kind, what was handed today, this order and the limit', () => {
    expect(doorLimitRefusal(usage(28), usage(28), maryland)).toBe(
      "This ID is over Maryland's limits per person a day: 28 g of flower already handed to this ID today and 28 g in this order make 56 g, over the limit of 42.52 g. Do not hand over the order.",
    );
  });

  it('names every kind over, and only those', () => {
    const message = doorLimitRefusal(usage(40, 10, 100), usage(3.5, 2.5, 100), maryland) ?? '';
    expect(message).toContain(
      '40 g of flower already handed to this ID today and 3.5 g in this order make 43.5 g, over the limit of 42.52 g',
    );
    expect(message).toContain(
      '10 g of concentrate already handed to this ID today and 2.5 g in this order make 12.5 g, over the limit of 12 g',
    );
    expect(message).not.toContain('THC in edibles');
    expect(message).toMatch(/Do not hand over the order\.$/);
  });

  it("counts only this order where the state's limits are per order", () => {
    const perOrder: DoorLimits = { ...maryland, scope: 'order' };
    expect(doorLimitRefusal(usage(42), usage(28), perOrder)).toBeNull();
    expect(doorLimitRefusal(usage(), usage(0, 0, 800), perOrder)).toBe(
      "This order is over Maryland's limits per order: this order holds 800 mg of THC in edibles, over the limit of 750 mg. Do not hand over the order.",
    );
  });

  it('has nothing to refuse where the state sets no limits', () => {
    expect(doorLimitRefusal(usage(500), usage(500), { ...maryland, limits: [] })).toBeNull();
  });
});

describe('the registry card at the door (D39)', () => {
  const today = '2026-11-28';
  const patient = { patientId: 'DC-0012-3456', patientExpiresOn: '2027-03-31' };
  const card = { last4: '3456', expiresOn: '2027-03-31', nameMatches: true };

  it('reads the last 4 letters or digits of a registry number, dashes aside', () => {
    expect(registryLast4Of('DC-0012-3456')).toBe('3456');
    expect(registryLast4Of('mmj12-ab-9z')).toBe('AB9Z');
    expect(registryLast4Of('1234')).toBe('1234');
  });

  it('passes the card of the order, valid today, with the name confirmed', () => {
    expect(registryRefusals(card, today, patient)).toEqual({});
    expect(registryRefusals({ ...card, last4: '3456' }, today, { ...patient, patientId: 'dc00123456' })).toEqual({});
    // A card valid through its expiry date is current on that date.
    expect(registryRefusals({ ...card, expiresOn: today }, today, { ...patient, patientExpiresOn: today })).toEqual({});
  });

  it('asks for every part of a card not checked', () => {
    expect(registryRefusals(undefined, today, patient)).toEqual({
      'registry.last4': REGISTRY_MESSAGES.last4,
      'registry.expiresOn': REGISTRY_MESSAGES.expiresOn,
      'registry.nameMatches': REGISTRY_MESSAGES.nameMatches,
    });
  });

  it('refuses another number, an expired card, another expiry date and an unconfirmed name, each on its field', () => {
    expect(registryRefusals({ ...card, last4: '3457' }, today, patient)).toEqual({ 'registry.last4': REGISTRY_MESSAGES.wrongNumber });
    expect(registryRefusals(card, today, { ...patient, patientId: null })).toEqual({ 'registry.last4': REGISTRY_MESSAGES.wrongNumber });
    expect(registryRefusals({ ...card, expiresOn: '2026-11-27' }, today, { ...patient, patientExpiresOn: '2026-11-27' })).toEqual({
      'registry.expiresOn': REGISTRY_MESSAGES.expired,
    });
    expect(registryRefusals({ ...card, expiresOn: '2027-04-30' }, today, patient)).toEqual({
      'registry.expiresOn': REGISTRY_MESSAGES.wrongExpiry,
    });
    expect(registryRefusals({ ...card, nameMatches: false }, today, patient)).toEqual({
      'registry.nameMatches': REGISTRY_MESSAGES.nameMatches,
    });
  });

  it("checks what the form can know without the order's registration", () => {
    expect(registryRefusals({ ...card, last4: '0000', expiresOn: '2030-01-01' }, today)).toEqual({});
    expect(registryRefusals({ ...card, expiresOn: '2026-11-27', nameMatches: false }, today)).toEqual({
      'registry.expiresOn': REGISTRY_MESSAGES.expired,
      'registry.nameMatches': REGISTRY_MESSAGES.nameMatches,
    });
  });
});

describe('the registry card and the ID alone in the schemas (D39)', () => {
  const check = { idType: 'drivers_license', dateOfBirth: '1990-05-04', idLast4: 'ab12', cashCollected: 5299 };
  const fields = (schema: v.GenericSchema, input: unknown) => {
    const r = v.safeParse(schema, input);
    return r.success ? {} : issuesToFields(r.issues);
  };

  it('takes an optional card, keeping its last 4 in capitals and never a whole number', () => {
    const registry = { last4: 'ab9z', expiresOn: '2027-03-31', nameMatches: true };
    expect(v.parse(DeliveryCheck, { ...check, registry })).toEqual({ ...check, idLast4: 'AB12', registry: { ...registry, last4: 'AB9Z' } });
    expect(fields(DeliveryCheck, { ...check, registry: { ...registry, last4: 'DC-0012-3456' } })).toEqual({
      'registry.last4': 'Enter only the last 4 characters of the registry card number, never the whole number',
    });
    expect(fields(DeliveryCheck, { ...check, registry: { ...registry, expiresOn: '2027-02-30' } })).toEqual({
      'registry.expiresOn': 'Enter the expiry date as a real date (YYYY-MM-DD)',
    });
    expect(v.parse(DeliveryCheck, { ...check, registry: { last4: '3456', expiresOn: '2027-03-31' } }).registry).toEqual({
      last4: '3456',
      expiresOn: '2027-03-31',
      nameMatches: false,
    });
    expect(fields(DeliveryCheck, { ...check, registry: { ...registry, nameMatches: 'yes' } })).toEqual({
      'registry.nameMatches': 'Say whether the name on the registry card matches the order',
    });
    expect(fields(DeliveryCheck, { ...check, registry: { ...registry, number: 'DC00123456' } })).toHaveProperty('registry.number');
  });

  it('checks the ID alone for the warning, without the cash', () => {
    const { cashCollected: _cash, ...id } = check;
    expect(v.parse(IdCheck, id)).toEqual({ ...id, idLast4: 'AB12' });
    expect(fields(IdCheck, { ...id, idLast4: 'D12345678' })).toEqual({
      idLast4: 'Enter only the last 4 characters of the ID number, never the whole number',
    });
    expect(fields(IdCheck, check)).toHaveProperty('cashCollected');
  });
});
