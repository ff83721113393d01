/**
 * D36: checkout's "Delivery Time": a day, then one of that day's open windows with places left,
 * or ASAP (the next open window today) while a window today is open. Native radio groups in
 * fieldsets, so arrow keys move within a group and a screen reader hears its legend.
 */
import type { ComponentType } from 'react';
import type { BookableWindow } from '../delivery/windows.ts';
import type { WindowChoicesProps } from './WindowChoices.tsx';

/** What the picker chose: nothing yet, ASAP, or a window by its id. */
export type WindowChoiceValue = '' | 'asap' | (string & {});

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

let WindowChoices: ComponentType<WindowChoicesProps> | null = null;

/**
 * Fetches the open picker (WindowChoices.tsx, with New York time). Checkout asks for it with the
 * ZIP's windows and shows them once both have come, so the picker never waits on its own; a failed
 * fetch is the same failure as the windows call's, with its Try again.
 */
export async function loadWindowChoices(): Promise<void> {
  WindowChoices ??= (await import('./WindowChoices.tsx')).default;
}

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
  // Checkout has windows to show only once their module has come too (loadWindowChoices).
  if (state.kind !== 'open' || !WindowChoices) {
    return (
      <div>
        <p role="status" className="text-sm text-muted">
          {state.kind === 'no_zip' && 'Enter your ZIP code to see delivery windows'}
          {(state.kind === 'loading' || state.kind === 'open') && 'Loading delivery windows…'}
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

  return (
    <WindowChoices
      id={id}
      today={state.today}
      windows={state.windows}
      asapToday={asapWindow(state.today, state.windows)}
      day={day}
      onDay={onDay}
      choice={choice}
      onChoice={onChoice}
      error={error}
    />
  );
}
