import { CheckField, describedBy, inputClass, smallButton } from '../../components/admin/AdminKit.tsx';
import { SCHEDULE_LIMITS, type WindowForm } from './delivery-settings.ts';

export type WindowField = keyof Omit<WindowForm, 'key' | 'weekday'>;

/** One delivery window of a weekday in the schedule form: start, end, orders, open, remove. */
export default function WindowRow({
  window: w,
  name,
  idOf,
  errorOf,
  onChange,
  onRemove,
}: {
  window: WindowForm;
  name: string;
  idOf: (field: string) => string;
  errorOf: (field: string) => string | undefined;
  onChange: (field: WindowField, value: string | boolean) => void;
  onRemove: () => void;
}) {
  const cell = (field: 'start' | 'end' | 'capacity', label: string, input: { type: string; min?: number; max?: number; step?: number }) => {
    const error = errorOf(field);
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={idOf(field)} className="text-xs font-semibold">
          <span className="sr-only">{name} </span>
          {label}
        </label>
        <input
          id={idOf(field)}
          {...input}
          inputMode={field === 'capacity' ? 'numeric' : undefined}
          value={w[field]}
          onChange={(e) => onChange(field, e.target.value)}
          {...describedBy(idOf(field), error)}
          className={inputClass(!!error)}
        />
        {error && (
          <p id={`${idOf(field)}-error`} className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const weekdayError = errorOf('weekday');
  return (
    <li className="grid grid-cols-[1fr_1fr_6rem] items-start gap-2 sm:grid-cols-[1fr_1fr_6rem_auto]">
      {cell('start', 'Start', { type: 'time' })}
      {cell('end', 'End', { type: 'time' })}
      {cell('capacity', 'Orders', { type: 'number', min: SCHEDULE_LIMITS.capacity.min, max: SCHEDULE_LIMITS.capacity.max, step: 1 })}
      <div className="col-span-3 flex items-center gap-3 sm:col-span-1 sm:mt-6">
        <CheckField
          className="flex items-center gap-1 text-sm"
          checked={w.active}
          onChange={(e) => onChange('active', e.target.checked)}
          label={
            <>
              <span className="sr-only">{name} </span>Open
            </>
          }
        />
        <button type="button" className={smallButton} onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
      {weekdayError && <p className="col-span-full text-xs text-red-700">{weekdayError}</p>}
    </li>
  );
}
