import { describe, expect, it } from 'vitest';
import {
  addressLine,
  availableMoves,
  type DoorLaw,
  failedNote,
  firstName,
  handoverRefusals,
  idRefusals,
  mapLink,
  moveRefusal,
  orderUsage,
  outNote,
  telLink,
} from './door.ts';
import { REGISTRY_MESSAGES, UNDER_AGE_MESSAGE } from './proof.ts';

describe('the moves at the door (D30)', () => {
  const order = (
    status: Parameters<typeof moveRefusal>[1]['status'],
    deliveryStatus: Parameters<typeof moveRefusal>[1]['deliveryStatus'],
  ) => ({
    status,
    deliveryStatus,
    driverId: 7,
  });

  it('sends an assigned, placed or confirmed order out, and nothing else', () => {
    expect(moveRefusal('out', order('confirmed', 'assigned'))).toBeNull();
    expect(moveRefusal('out', order('processing', 'assigned'))).toBeNull();
    expect(moveRefusal('out', order('confirmed', 'unassigned'))).toBe('This order has no driver yet. Assign one in Deliveries first.');
    expect(moveRefusal('out', order('shipped', 'out'))).toBe('This order is already out for delivery.');
    expect(moveRefusal('out', order('cancelled', 'assigned'))).toBe(
      'This order is already cancelled; there is no delivery left to record.',
    );
    expect(moveRefusal('out', order('shipped', 'assigned'))).toBe(
      'This order is marked shipped; only a placed or confirmed order goes out for delivery.',
    );
    expect(moveRefusal('out', { ...order('confirmed', 'assigned'), driverId: null })).toBe(
      'This order has no driver yet. Assign one in Deliveries first.',
    );
  });

  it('delivers only an order out for delivery, and fails one assigned or out', () => {
    expect(moveRefusal('delivered', order('shipped', 'out'))).toBeNull();
    expect(moveRefusal('delivered', order('confirmed', 'assigned'))).toBe(
      'This order has not gone out for delivery yet. Mark it out for delivery first.',
    );
    expect(moveRefusal('delivered', order('delivered', 'delivered'))).toBe('This order has already been delivered.');
    expect(moveRefusal('failed', order('shipped', 'out'))).toBeNull();
    expect(moveRefusal('failed', order('confirmed', 'assigned'))).toBeNull();
    expect(moveRefusal('failed', order('cancelled', 'failed'))).toBe('This delivery has already been marked as not delivered.');
  });

  it('offers the moves the state allows', () => {
    expect(availableMoves(order('confirmed', 'assigned'))).toEqual(['out', 'failed']);
    expect(availableMoves(order('shipped', 'out'))).toEqual(['delivered', 'failed']);
    expect(availableMoves(order('delivered', 'delivered'))).toEqual([]);
    expect(availableMoves(order('cancelled', 'failed'))).toEqual([]);
  });

  it('writes the history notes', () => {
    expect(firstName('  Sam   Rivera ')).toBe('Sam');
    expect(outNote('Sam Rivera')).toBe('Out for delivery with Sam');
    expect(failedNote('No one home')).toBe('Delivery failed: No one home');
  });
});

describe('links for the stop card', () => {
  const address = { street: '12 Main Street', apartment: 'Apt 4', city: 'Rockville', state: 'MD', zip: '20850' };

  it('calls a US number in any shape', () => {
    expect(telLink('(301) 555-0100')).toBe('tel:+13015550100');
    expect(telLink('1-301-555-0100')).toBe('tel:+13015550100');
  });

  it('searches the whole address on the map', () => {
    expect(addressLine(address)).toBe('12 Main Street, Apt 4, Rockville, MD 20850');
    expect(addressLine({ ...address, apartment: '' })).toBe('12 Main Street, Rockville, MD 20850');
    expect(mapLink(address)).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Main%20Street%2C%20Apt%204%2C%20Rockville%2C%20MD%2020850',
    );
  });
});

describe('what stops a handover (D34, D39)', () => {
  const today = '2026-11-28';
  const none = { flower: 0, concentrate: 0, edible_thc: 0 };
  const law = (over: Partial<DoorLaw> = {}): DoorLaw => ({
    stateName: 'Maryland',
    scope: 'day',
    limits: [{ kind: 'flower', limitAmount: 42.52, unit: 'g' }],
    patientsOnly: false,
    handedToday: none,
    ...over,
  });
  const order = { total: 5000, usage: { ...none, flower: 28 }, patientId: null, patientExpiresOn: null };
  const adult = { dateOfBirth: '1990-05-04', cashCollected: 5000 };
  const reasons = (list: { reason: string }[]) => list.map((r) => r.reason);

  it('reads what an order counts against the limits from its columns', () => {
    expect(orderUsage({ limitFlowerG: 3.5, limitConcentrateG: 1, limitEdibleThcMg: 100 })).toEqual({
      flower: 3.5,
      concentrate: 1,
      edible_thc: 100,
    });
  });

  it('lets an adult within the limits, with the cash, take the order', () => {
    expect(handoverRefusals(adult, order, law(), today)).toEqual([]);
    expect(handoverRefusals(adult, order, null, today)).toEqual([]);
  });

  it('refuses over the day with what the ID was handed, with no field: it is about the ID as a whole', () => {
    const [refusal, ...rest] = handoverRefusals(adult, order, law({ handedToday: { ...none, flower: 28 } }), today);
    expect(rest).toEqual([]);
    expect(refusal).toEqual({ reason: 'daily_limit', message: expect.stringContaining('28 g of flower already handed'), fields: {} });
  });

  it('names under age first, then the registry card, the limits and the cash, and keeps every field', () => {
    const all = handoverRefusals(
      { dateOfBirth: '2010-01-01', cashCollected: 1 },
      { ...order, patientId: 'DC-1234', patientExpiresOn: '2027-01-01' },
      law({ patientsOnly: true, handedToday: { ...none, flower: 28 } }),
      today,
    );
    expect(reasons(all)).toEqual(['under_age', 'registry', 'daily_limit', 'cash_short']);
    expect(all[0]).toEqual({ reason: 'under_age', message: UNDER_AGE_MESSAGE, fields: { dateOfBirth: UNDER_AGE_MESSAGE } });
    expect(all[1]).toMatchObject({ message: REGISTRY_MESSAGES.missing, fields: { 'registry.last4': REGISTRY_MESSAGES.last4 } });
    expect(all[3]?.fields).toHaveProperty('cashCollected');
  });

  it('asks for the registry card only where the state sells only to patients, and holds it to the order', () => {
    const patientOrder = { ...order, usage: none, patientId: 'DC-0012-3456', patientExpiresOn: '2027-03-31' };
    const card = { last4: '3456', expiresOn: '2027-03-31', nameMatches: true };
    expect(handoverRefusals(adult, patientOrder, law(), today)).toEqual([]);
    expect(handoverRefusals({ ...adult, registry: card }, patientOrder, law({ patientsOnly: true }), today)).toEqual([]);
    const wrong = handoverRefusals({ ...adult, registry: { ...card, last4: '9999' } }, patientOrder, law({ patientsOnly: true }), today);
    expect(wrong).toEqual([
      { reason: 'registry', message: REGISTRY_MESSAGES.wrongNumber, fields: { 'registry.last4': REGISTRY_MESSAGES.wrongNumber } },
    ]);
  });

  it('warns of what the ID alone earns: under age and the day, never the cash', () => {
    expect(idRefusals('1990-05-04', order.usage, law(), today)).toEqual([]);
    expect(reasons(idRefusals('2010-01-01', order.usage, law({ handedToday: { ...none, flower: 20 } }), today))).toEqual([
      'under_age',
      'daily_limit',
    ]);
  });
});
