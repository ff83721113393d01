import { setPersistentEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../../tests/fixtures/products.ts';
import { toCartItem } from './cart.ts';

const stored: Record<string, string> = {};
const noEvents = { addEventListener() {}, removeEventListener() {} };

function item(id: number) {
  const line = toCartItem(makeProduct({ id, name: `Gummies ${id}`, price: 2000 }), null);
  if (!line) throw new Error('not addable');
  return line;
}

/** A fresh store module over `stored` (the persisted atom reads storage when it is made). */
async function freshStore() {
  vi.resetModules();
  setPersistentEngine(stored, noEvents);
  return import('./cart.store.ts');
}

describe('cart store: the stored cart is read once its schema has arrived', () => {
  beforeEach(() => {
    for (const key of Object.keys(stored)) delete stored[key];
  });
  afterEach(() => {
    vi.doUnmock('./cart.schema.ts');
  });

  it('reads as empty and not ready until then, and a change made before keeps the stored lines', async () => {
    stored.cart = JSON.stringify([item(1)]);
    const { $cart, $cartReady, cart } = await freshStore();
    expect($cartReady.get()).toBe(false);
    expect($cart.get()).toEqual([]);

    // Two changes before the schema has arrived: both apply, in order, to what storage held.
    const first = cart.add(item(2));
    const second = cart.update(2, 5);
    await Promise.all([first, second]);

    expect($cartReady.get()).toBe(true);
    expect($cart.get().map((l) => [l.id, l.quantity])).toEqual([
      [1, 1],
      [2, 5],
    ]);
    expect(JSON.parse(stored.cart ?? '[]')).toEqual($cart.get());
  });

  it('drops stored lines that do not match the schema', async () => {
    stored.cart = JSON.stringify([{ ...item(1), price: 'free' }]);
    const { $cart, cart } = await freshStore();
    await cart.add(item(3));
    expect($cart.get().map((l) => l.id)).toEqual([3]);
  });

  it('when the schema cannot be fetched, a change is not made, the shopper is told, and the next change retries', async () => {
    stored.cart = JSON.stringify([item(1)]);
    let failNext = true;
    vi.doMock('./cart.schema.ts', async (original) => {
      if (failNext) throw new Error('offline');
      return original();
    });
    const { $cart, $cartReady, cart } = await freshStore();
    const { $toast } = await import('../../components/ui/toast.ts');

    await cart.add(item(2));
    expect($cartReady.get()).toBe(false);
    expect($toast.get()).toMatchObject({ title: 'Your cart could not be updated', variant: 'destructive' });
    expect(JSON.parse(stored.cart ?? '[]').map((l: { id: number }) => l.id)).toEqual([1]);

    failNext = false;
    await cart.add(item(2));
    expect($cart.get().map((l) => l.id)).toEqual([1, 2]);
  });
});

describe('cart store: the totals follow the stored delivery quote (D31, D38)', () => {
  beforeEach(() => {
    for (const key of Object.keys(stored)) delete stored[key];
  });

  it("prices the lines with the quote's zone and state tax, and with D3's defaults and no tax without one", async () => {
    stored.cart = JSON.stringify([item(1), item(2)]);
    const { $cartTotals, cart } = await freshStore();
    const { $deliveryQuote } = await import('../delivery/delivery.store.ts');
    await cart.update(1, 1);
    expect($cartTotals.get()).toMatchObject({ subtotal: 4000, deliveryFee: 999, tax: 0, taxLines: [], total: 4999 });

    $deliveryQuote.set({
      deliverable: true,
      zip: '21201',
      zone: { id: 7, name: 'Baltimore & Columbia', state: 'MD' },
      state: { code: 'MD', name: 'Maryland' },
      sales: 'adult',
      taxes: [{ name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' }],
      fee: 1499,
      minimum: 5000,
      freeFrom: 10000,
      message: 'We deliver to 21201',
    });
    expect($cartTotals.get()).toMatchObject({ subtotal: 4000, deliveryFee: 1499, tax: 480, total: 5979 });
    expect($cartTotals.get().taxLines.map((t) => [t.name, t.amount])).toEqual([['Maryland cannabis sales and use tax', 480]]);

    // A ZIP in a closed state names no state to tax for.
    $deliveryQuote.set({ deliverable: false, zip: '22201', reason: 'state_closed', message: "We can't deliver to Virginia yet." });
    expect($cartTotals.get()).toMatchObject({ tax: 0, taxLines: [], total: 4999 });
  });
});
