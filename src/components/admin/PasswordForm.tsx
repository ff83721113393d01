import type { ReactNode, SubmitEvent } from 'react';
import { primaryButton } from './AdminKit.tsx';

/**
 * The card of a staff form that sends a password (signing in, setting one from a link). Its method
 * and action let it work before the script has loaded: the browser posts it (never a GET with the
 * password in the address) and the server answers with a page.
 */
export function PasswordForm(props: {
  action: string;
  onSubmit: (e: SubmitEvent) => void;
  titleId: string;
  headingLevel?: 1 | 2;
  title: ReactNode;
  intro: ReactNode;
  /** The submit waits while anything but idle: submitting, or done and leaving. */
  state: 'idle' | 'submitting' | 'done';
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  return (
    <form
      noValidate
      method="post"
      action={props.action}
      onSubmit={props.onSubmit}
      aria-labelledby={props.titleId}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <div>
        <Heading id={props.titleId} className="text-2xl font-bold">
          {props.title}
        </Heading>
        <p className="mt-1 text-sm text-muted">{props.intro}</p>
      </div>
      {props.children}
      <button type="submit" disabled={props.state !== 'idle'} className={`${primaryButton} w-full py-2.5`}>
        {props.state === 'submitting' ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
