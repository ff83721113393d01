/**
 * D36: checkout's "Delivery Time": a day, then one of that day's open windows with places left,
 * or ASAP (the next open window today) while a window today is open. Native radio groups in
 * fieldsets, so arrow keys move within a group and a screen reader hears its legend.
 */
import type { BookableWindow } from '../delivery/windows.ts';
import { addDays, PART_LABELS, timeText } from '../delivery/windows.ts';
import { DELIVERY_WINDOWS, SITE } from '../site/settings.ts';

/** At or under this many places a window says how many are left. */
export const FEW_PLACES_LEFT = 3;

/** What the picker chose: nothing yet, ASAP, or a window by its id. */
export type WindowChoiceValue = '' | 'asap' | (string & {});

const ASAP = DELIVERY_WINDOWS.find((w) => w.value === 'asap') as (typeof DELIVERY_WINDOWS)[number];

/** What the picker knows about the ZIP's windows. */
export type PickerState =
  | { kind: 'no_zip' }
  | { kind: 'loading' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'not_served'; message: string }
  | { kind: 'open'; today: string; windows: readonly BookableWindow[] };

/** The ASAP window of a list: the first open one today. */
export function asapWindow(today: string, windows: readonly BookableWindow[]): BookableWindow | undefined {
  return windows.find((w) => w.date === today);
}

/** A choice that still names something the list offers, else nothing. */
export function currentChoice(choice: WindowChoiceValue, state: PickerState): WindowChoiceValue {
  if (state.kind !== 'open' || choice === '') return '';
  if (choice === 'asap') return asapWindow(state.today, state.windows) ? 'asap' : '';
  return state.windows.some((w) => w.id === choice) ? choice : '';
}

function dayName(date: string, today: string, sample: BookableWindow): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return sample.dayLabel;
}

const radioCard =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700';

export default function WindowPicker({
  id,
  state,
  day,
  onDay,
  choice,
  onChoice,
  error,
}: {
  /** The id the window group takes, so an error can move the focus to it. */
  id: string;
  state: PickerState;
  day: string | null;
  onDay: (date: string) => void;
  choice: WindowChoiceValue;
  onChoice: (choice: WindowChoiceValue) => void;
  error?: string | undefined;
}) {
  const errorId = `${id}-error`;
  const errorText = error && (
    <p id={errorId} className="mt-2 text-sm text-red-700">
      {error}
    </p>
  );
  if (state.kind !== 'open') {
    return (
      <div>
        <p role="status" className="text-sm text-muted">
          {state.kind === 'no_zip' && 'Enter your ZIP code to see delivery windows'}
          {state.kind === 'loading' && 'Loading delivery windows…'}
          {state.kind === 'failed' && 'We could not load the delivery windows.'}
          {/* The ZIP's own line says we do not deliver there; this one says what would change that. */}
          {state.kind === 'not_served' && 'Delivery windows show here for a ZIP code we deliver to.'}
        </p>
        {state.kind === 'failed' && (
          <button
            type="button"
            onClick={state.retry}
            className="mt-2 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100"
          >
            Try again
          </button>
        )}
        {errorText}
      </div>
    );
  }

  const { today, windows } = state;
  if (windows.length === 0) {
    return (
      <div>
        <p role="status" className="text-sm text-muted">
          Every delivery window is full or closed for now. Please try again later, or call us at {SITE.phone}.
        </p>
        {errorText}
      </div>
    );
  }
  const days = [...new Set(windows.map((w) => w.date))];
  const shownDay = day && days.includes(day) ? day : (days[0] as string);
  const asap = shownDay === today ? asapWindow(today, windows) : undefined;
  const dayWindows = windows.filter((w) => w.date === shownDay);

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Delivery day</legend>
        <div className="flex flex-wrap gap-2">
          {days.map((date) => {
            const sample = windows.find((w) => w.date === date) as BookableWindow;
            return (
              <label key={date} className={`${radioCard} px-3 py-2`}>
                <input
                  type="radio"
                  name="deliveryDay"
                  value={date}
                  checked={date === shownDay}
                  onChange={() => onDay(date)}
                  className="accent-brand-700"
                />
                <span>
                  <span className="block font-semibold">{dayName(date, today, sample)}</span>
                  {date === today || date === addDays(today, 1) ? (
                    <span className="block text-xs text-muted">{sample.dayLabel}</span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset id={id} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold">Delivery window</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {asap && (
            <label className={radioCard}>
              <input
                type="radio"
                name="deliveryWindow"
                value="asap"
                checked={choice === 'asap'}
                onChange={() => onChoice('asap')}
                className="accent-brand-700"
              />
              <span>
                <span className="block font-semibold">{ASAP.label}</span>
                <span className="block text-sm text-muted">
                  {ASAP.detail}, {asap.label}
                </span>
              </span>
            </label>
          )}
          {dayWindows.map((w) => (
            <label key={w.id} className={radioCard}>
              <input
                type="radio"
                name="deliveryWindow"
                value={w.id}
                checked={choice === w.id}
                onChange={() => onChoice(w.id)}
                className="accent-brand-700"
              />
              <span>
                <span className="block font-semibold">{PART_LABELS[w.part]}</span>
                <span className="block text-sm text-muted">
                  {timeText(w.start)} - {timeText(w.end)}
                </span>
                {w.placesLeft <= FEW_PLACES_LEFT && <span className="block text-sm font-medium text-amber-900">{w.placesLeft} left</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {errorText}
    </div>
  );
}
