import { type SubmitEvent, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { primaryButton, TextAreaField, TextField } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { textBinder } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { AdminEmail } from './admin.schema.ts';

type FieldName = keyof AdminEmail;
const FIELDS: readonly FieldName[] = ['to', 'subject', 'text'];
const EMPTY: Record<FieldName, string> = { to: '', subject: '', text: '' };

/** Send Email (admin.md §2, §5): every message goes through the outbox (D18). */
export default function SendEmailTab() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const id = (name: FieldName) => `${baseId}-${name}`;

  const set = (name: FieldName, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, ...rest } = old;
      return rest;
    });
  };
  const text = textBinder(values, errors, set, id);

  const showErrors = (errs: Partial<Record<FieldName, string>>) => {
    setErrors(errs);
    const first = FIELDS.find((f) => errs[f]);
    if (first) refs.current[first]?.focus();
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(AdminEmail, values);
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      const result = await adminApi.sendEmail(parsed.output);
      setValues(EMPTY);
      setErrors({});
      showToast({ title: 'Email sent', description: result.status === 'sent' ? 'Delivered' : 'Queued in the outbox' });
    } catch (err) {
      sessionEnded(err);
      if (err instanceof ApiError) showErrors(err.fields);
      showToast({
        title: 'Failed to send email',
        description: errorMessage(err, 'An error occurred while sending email'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const ref = (name: FieldName) => (el: HTMLInputElement | HTMLTextAreaElement | null) => {
    refs.current[name] = el;
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="max-w-2xl">
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6">
        <div>
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            Send Email
          </h2>
          <p className="mt-1 text-sm text-muted">The message is sent as plain text and kept in the Outbox.</p>
        </div>
        <TextField {...text('to')} label="To" inputRef={ref('to')} type="email" required autoComplete="off" />
        <TextField {...text('subject')} label="Subject" inputRef={ref('subject')} type="text" required maxLength={200} />
        <TextAreaField {...text('text')} label="Message" inputRef={ref('text')} required rows={8} />
        <div>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Sending...' : 'Send Email'}
          </button>
        </div>
      </form>
    </section>
  );
}
