import { memo, useEffect, useId, useState } from 'react';
import CheckboxGroup from '../../components/ui/CheckboxGroup.tsx';
import { activeFilterCount, type BrowseFilters, NO_FILTERS, PRICE_RANGE, priceBound, STRAIN_TYPES } from './browse.ts';
import { EFFECTS } from './catalog.ts';

interface Props {
  filters: BrowseFilters;
  onChange: (filters: BrowseFilters) => void;
  className?: string;
}

/** The filter panel of the category and strain pages (D9): strain type, price range, effects. */
function FilterPanel({ filters, onChange, className = '' }: Props) {
  const headingId = useId();
  const active = activeFilterCount(filters);
  const toggle = (list: readonly string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const checks = (legend: string, options: readonly string[], key: 'strainTypes' | 'effects') => (
    <CheckboxGroup
      legend={legend}
      options={options}
      checked={filters[key]}
      onToggle={(value) => onChange({ ...filters, [key]: toggle(filters[key], value) })}
    />
  );

  return (
    <section aria-labelledby={headingId} className={`flex flex-col gap-6 rounded-xl border border-stone-200 bg-white p-5 ${className}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-bold text-lg">
          Filters
        </h2>
        <button
          type="button"
          disabled={active === 0}
          onClick={() => onChange(NO_FILTERS)}
          className="rounded-md px-2 py-1 font-medium text-brand-700 text-sm underline hover:text-brand-800 disabled:text-stone-500 disabled:no-underline"
        >
          Clear filters
        </button>
      </div>

      {checks('Strain type', STRAIN_TYPES, 'strainTypes')}

      <fieldset>
        <legend className="mb-2 font-medium text-sm">Price range (USD)</legend>
        <div className="flex items-end gap-2">
          <PriceInput
            label="Minimum price"
            side="min"
            value={filters.minPrice}
            onCommit={(minPrice) => onChange({ ...filters, minPrice })}
          />
          <span aria-hidden="true" className="pb-2 text-muted">
            –
          </span>
          <PriceInput
            label="Maximum price"
            side="max"
            value={filters.maxPrice}
            onCommit={(maxPrice) => onChange({ ...filters, maxPrice })}
          />
        </div>
      </fieldset>

      {checks('Effects', EFFECTS, 'effects')}
    </section>
  );
}

/**
 * A price bound in dollars. What the shopper types stays as typed while they type (snapping each
 * keystroke would turn '2' into '0' before '25' is done); the filter gets the snapped value, and
 * the field shows it once they leave it.
 */
function PriceInput({
  label,
  side,
  value,
  onCommit,
}: {
  label: string;
  side: 'min' | 'max';
  value: number;
  onCommit: (n: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  // A change from outside (Clear filters) replaces the draft.
  useEffect(() => {
    setDraft((d) => (priceBound(d, side) === value ? d : String(value)));
  }, [value, side]);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-muted text-xs">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2 text-muted text-sm">
          $
        </span>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={PRICE_RANGE.step}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            onCommit(priceBound(e.target.value, side));
          }}
          onBlur={() => setDraft(String(priceBound(draft, side)))}
          className="w-full rounded-md border border-stone-300 py-1.5 pr-2 pl-5 text-sm"
        />
      </div>
    </div>
  );
}

/**
 * Memoized: the list around it redraws on every status change (its first load's live refresh
 * among them), and a redraw of the panel sets every checkbox's attributes again.
 */
export default memo(FilterPanel);
