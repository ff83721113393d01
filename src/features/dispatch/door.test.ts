import { describe, expect, it } from 'vitest';
import { addressLine, availableMoves, failedNote, firstName, mapLink, moveRefusal, outNote, telLink } from './door.ts';

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
