/**
 * Contact Us form (admin.md §2, §5, §8): validated with the same schema as POST /api/contact.
 * A field's error clears when it is edited; success clears the form. After a failed post of the
 * form without its script, the page renders it with what the person typed (`initial`).
 */
import { type ReactNode, type SubmitEvent, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError, api, call } from '../../lib/api.ts';
import { prefilled } from '../../lib/form-prefill.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { ContactInput } from './contact.schema.ts';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field | 'website', string>;
/** What the form's fields hold. */
export type ContactValues = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: Values = { name: '', email: '', subject: '', message: '', website: '' };

interface ControlProps {
  id: string;
  name: Field;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

const inputClass = (invalid: boolean) =>
  `w-full rounded-lg border bg-white px-3 py-2 ${invalid ? 'border-red-600' : 'border-stone-300'} focus:border-brand-700`;

export default function ContactForm({ initial = {} }: { initial?: Partial<ContactValues> | undefined }) {
  const uid = useId();
  const fieldId = (f: string) => `${uid}-${f}`;
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    ...Object.fromEntries(FIELDS.map((f) => [f, prefilled(fieldId(f), initial[f])])),
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const set = (field: Field | 'website', value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (field !== 'website') {
      setErrors((prev) => {
        if (!prev[field]) return prev;
        const next = { ...prev };
        delete next[field];
        return next;
      });
    }
  };

  const showErrors = (errs: Errors) => {
    setErrors(errs);
    const first = FIELDS.find((f) => errs[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending.current) return;
    const parsed = v.safeParse(ContactInput, values);
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.issues, 'message') as Errors);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      await call(api.contact.$post({ json: parsed.output }));
      setValues(EMPTY);
      setErrors({});
      showToast({ title: 'Message Sent!', description: "We'll get back to you as soon as possible." });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        showErrors(Object.fromEntries(Object.entries(err.fields).filter(([k]) => FIELDS.includes(k as Field))) as Errors);
      }
      const description =
        err instanceof ApiError && err.status === 429 ? err.userMessage : 'Failed to send your message. Please try again.';
      showToast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const control = (field: Field, label: string, input: (common: ControlProps) => ReactNode) => {
    const id = fieldId(field);
    const error = errors[field];
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        {input({
          id,
          name: field,
          value: values[field],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: inputClass(!!error),
        })}
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    // method and action let the form work before the script has loaded: the browser posts it and
    // gets a page back (the thank-you note below, or this page with its problems).
    <form
      noValidate
      method="post"
      action="/api/contact"
      onSubmit={onSubmit}
      className="relative flex flex-col gap-4"
      aria-label="Contact form"
    >
      <p id="message-sent" role="status" className="hidden rounded-lg border border-brand-700 bg-brand-50 p-4 target:block">
        Thank you, your message has been sent.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {control('name', 'Name', (p) => (
          <input {...p} type="text" autoComplete="name" onChange={(e) => set('name', e.target.value)} />
        ))}
        {control('email', 'Email', (p) => (
          <input {...p} type="email" autoComplete="email" inputMode="email" onChange={(e) => set('email', e.target.value)} />
        ))}
      </div>
      {control('subject', 'Subject', (p) => (
        <input {...p} type="text" onChange={(e) => set('subject', e.target.value)} />
      ))}
      {control('message', 'Message', (p) => (
        <textarea {...p} rows={6} onChange={(e) => set('message', e.target.value)} />
      ))}
      {/* Anti-spam: people never see or reach this field; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId('website')}>Website</label>
        <input
          id={fieldId('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set('website', e.target.value)}
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="self-start rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
