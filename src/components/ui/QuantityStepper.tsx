interface Props {
  value: number;
  onChange: (value: number) => void;
  /** Names the quantity for screen readers, e.g. the product. */
  label: string;
  /** The largest value: plus is disabled there. */
  max: number;
  size?: 'sm' | 'md';
}

/** Minus / value / plus; minus is disabled at 1 (§5), plus at `max`. */
export default function QuantityStepper({ value, onChange, label, max, size = 'md' }: Props) {
  const box = size === 'sm' ? 'h-8 w-8 text-base' : 'h-10 w-10 text-lg';
  return (
    <fieldset className="inline-flex items-center rounded-lg border border-stone-300">
      <legend className="sr-only">Quantity for {label}</legend>
      <button
        type="button"
        className={`${box} rounded-l-lg hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400`}
        aria-label="Decrease quantity"
        disabled={value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="min-w-10 text-center font-semibold" aria-live="polite" aria-label="Quantity">
        {value}
      </output>
      <button
        type="button"
        className={`${box} rounded-r-lg hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400`}
        aria-label="Increase quantity"
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
