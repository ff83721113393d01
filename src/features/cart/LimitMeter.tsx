import { useEffect, useId } from 'react';
import { useStore } from '../../lib/use-store.ts';
import { $deliveryState, $limits, loadLimits } from '../compliance/compliance.store.ts';
import { limitMeter, usageOf } from '../compliance/limits.ts';
import StateOptions from '../site/StateOptions.tsx';
import { SITE, type UsStateCode } from '../site/settings.ts';
import { $cart } from './cart.store.ts';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * D15: how much of the chosen state's purchase limits the cart uses. With `chooseState` it shows a
 * state picker (the cart drawer); the checkout sets the state from its own form.
 */
export default function LimitMeter({ chooseState = false }: { chooseState?: boolean }) {
  const cart = useStore($cart);
  const state = useStore($deliveryState);
  const all = useStore($limits);
  const selectId = useId();

  useEffect(() => {
    void loadLimits();
  }, []);

  if (!all) return null;
  const rows = limitMeter(
    usageOf(cart),
    all.filter((l) => l.state === state),
  );
  const stateName = SITE.states.find((s) => s.code === state)?.name ?? state;

  return (
    <section aria-label="Purchase limits" className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Purchase limits</h3>
        {chooseState ? (
          <label htmlFor={selectId} className="flex items-center gap-2">
            <span>Delivering to</span>
            <select
              id={selectId}
              value={state}
              onChange={(e) => $deliveryState.set(e.target.value as UsStateCode)}
              className="rounded-md border border-stone-300 bg-white px-2 py-1"
            >
              <StateOptions />
            </select>
          </label>
        ) : (
          <span className="text-muted">{stateName}</span>
        )}
      </div>
      <ul className="mt-2 space-y-2">
        {rows.map((row) => (
          <li key={row.kind}>
            <div className="flex justify-between gap-2">
              <span className="inline-block first-letter:uppercase">{row.label}</span>
              <span className={row.over ? 'font-semibold text-red-700' : 'text-muted'}>
                {fmt(row.used)} / {fmt(row.limit)} {row.unit}
              </span>
            </div>
            <meter
              className="mt-1 h-2 w-full"
              min={0}
              max={row.limit}
              low={row.limit * 0.8}
              high={row.limit}
              optimum={0}
              value={Math.min(row.used, row.limit)}
              aria-label={`${row.label}: ${fmt(row.used)} of ${fmt(row.limit)} ${row.unit}`}
            />
          </li>
        ))}
      </ul>
      {rows.some((r) => r.over) && (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          Your cart is over the {stateName} limit. Remove some items to check out.
        </p>
      )}
    </section>
  );
}
