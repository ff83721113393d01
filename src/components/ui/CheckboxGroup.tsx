/** A labelled group of checkboxes (filter panels): one legend, one checkbox per option. */
export default function CheckboxGroup({
  legend,
  options,
  checked,
  onToggle,
  className = '',
  columns = false,
}: {
  legend: string;
  options: readonly string[];
  checked: readonly string[];
  onToggle: (value: string) => void;
  className?: string;
  columns?: boolean;
}) {
  return (
    <fieldset className={className}>
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <ul className={`grid gap-1.5 ${columns ? 'grid-cols-2' : ''}`}>
        {options.map((o) => (
          <li key={o}>
            <label className="flex cursor-pointer items-center gap-2 py-0.5 text-sm">
              <input type="checkbox" checked={checked.includes(o)} onChange={() => onToggle(o)} className="h-4 w-4 accent-brand-700" />
              {o}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
