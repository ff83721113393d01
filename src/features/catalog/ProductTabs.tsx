import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { formatMoney } from '../../lib/money.ts';
import type { PotencyFigure } from '../inventory/lab-results.ts';
import { displayPrice, pricePerGram } from '../pricing/pricing.ts';
import { type ApiProduct, availableWeights, splitList } from './catalog.ts';
import Stars from './Stars.tsx';

const TABS = ['description', 'specifications', 'reviews'] as const;
type Tab = (typeof TABS)[number];

/** The THC and CBD to show (inventory/lab-results.ts shownPotency, D40) and where they come from. */
export interface TabsPotency {
  figures: PotencyFigure[];
  /** 'Lab tested' or 'As listed'. */
  source: string;
}

/**
 * D7: the tabs show the product itself. Description is its description; Specifications its facts;
 * Reviews its rating and review count (there are no review texts to show, and none are invented).
 */
export default function ProductTabs({ product, potency }: { product: ApiProduct; potency: TabsPotency }) {
  const [active, setActive] = useState<Tab>('description');
  const baseId = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ description: null, specifications: null, reviews: null });
  const labels: Record<Tab, string> = {
    description: 'Description',
    specifications: 'Specifications',
    reviews: `Reviews (${product.reviews})`,
  };

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern with automatic activation).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(active);
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (index + TABS.length - 1) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const tab = TABS[next] ?? 'description';
    setActive(tab);
    refs.current[tab]?.focus();
  };

  return (
    <section className="mt-4 rounded-2xl border border-stone-200 bg-white" aria-label="Product information">
      <div role="tablist" aria-label="Product information" className="flex gap-1 overflow-x-auto border-b border-stone-200 px-2">
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab}-tab`}
            aria-selected={active === tab}
            aria-controls={`${baseId}-${tab}-panel`}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
            onKeyDown={onKeyDown}
            className={`whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${active === tab ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${baseId}-${tab}-panel`}
          aria-labelledby={`${baseId}-${tab}-tab`}
          hidden={active !== tab}
          className="p-6"
        >
          {tab === 'description' && <p className="max-w-3xl leading-relaxed text-stone-700">{product.description}</p>}
          {tab === 'specifications' && <Specifications product={product} potency={potency} />}
          {tab === 'reviews' && (
            <div className="flex flex-col gap-2">
              <Stars rating={product.rating} reviews={product.reviews} />
              <p className="text-stone-700">
                Rated {product.rating.toFixed(1)} out of 5 by {product.reviews} {product.reviews === 1 ? 'customer' : 'customers'}.
              </p>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}

function Specifications({ product, potency }: { product: ApiProduct; potency: TabsPotency }) {
  const weights = availableWeights(product.category, product);
  const rows: [string, string][] = [
    ['Category', product.categoryName],
    ['Strain type', product.strainType ?? ''],
    ...potency.figures.map((f): [string, string] => [f.label, f.value]),
    ['Potency', potency.figures.length > 0 ? potency.source : ''],
    ['Effects', splitList(product.effects).join(', ')],
    ['Flavor', product.flavor ?? ''],
    ['Origin', product.origin ?? ''],
  ];
  return (
    <table className="w-full max-w-2xl text-left text-sm">
      <tbody className="divide-y divide-stone-200">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="w-40 py-2 pr-4 font-semibold">
                {label}
              </th>
              <td className="py-2 text-stone-700">{value}</td>
            </tr>
          ))}
        {weights.length > 0 && (
          <tr>
            <th scope="row" className="w-40 py-2 pr-4 align-top font-semibold">
              Weights
            </th>
            <td className="py-2 text-stone-700">
              <ul>
                {weights.map((w) => {
                  const price = displayPrice(product, w.key).price;
                  const perGram = pricePerGram(price, w.grams);
                  return (
                    <li key={w.key}>
                      {w.label}: {formatMoney(price)}
                      {perGram != null && ` (${formatMoney(perGram)}/g)`}
                    </li>
                  );
                })}
              </ul>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
