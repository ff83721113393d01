import { type SubmitEvent, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import type { StaffTokenPurpose } from '../../db/delivery-values.ts';
import { AcceptInput, PASSWORD_MIN_LENGTH } from '../../features/staff/staff.schema.ts';
import { ACCEPT_TITLES } from '../../features/staff/staff-links.ts';
import { api, call } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { showToast } from '../ui/toast.ts';
import { TextField } from './AdminKit.tsx';
import { errorMessage, LOGIN_REDIRECT_MS } from './admin-ui.ts';
import { PasswordForm } from './PasswordForm.tsx';

/**
 * D37: the one-time link's form, on /staff/accept: the person chooses their password and lands
 * signed in on their role's page. The page renders it with the link's token and purpose in hidden
 * fields, so the form posts without scripts too (decision 0012).
 */
export default function StaffAccept({ token, purpose = 'invite' }: { token: string; purpose?: StaffTokenPurpose | undefined }) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'submitting' | 'done'>('idle');
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = `${formId}-title`;

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (state !== 'idle') return;
    const parsed = v.safeParse(AcceptInput, { token, password });
    if (!parsed.success) {
      const fields = issuesToFields(parsed.issues);
      if (fields.token) setProblem(fields.token);
      setError(fields.password);
      passwordRef.current?.focus();
      return;
    }
    setState('submitting');
    setProblem(undefined);
    try {
      const me = await call(api.staff.accept.$post({ json: parsed.output }));
      setState('done');
      showToast({ title: 'Password saved', description: 'Signing you in' });
      setTimeout(() => window.location.assign(me.home), LOGIN_REDIRECT_MS);
    } catch (err) {
      setState('idle');
      setPassword('');
      setProblem(errorMessage(err, 'The password was not saved. Please try again.'));
    }
  };

  return (
    <PasswordForm
      action="/api/staff/accept"
      onSubmit={onSubmit}
      titleId={titleId}
      title={ACCEPT_TITLES[purpose]}
      intro={`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters. You will be signed in straight away.`}
      state={state}
      busyLabel="Saving..."
      submitLabel="Save password and sign in"
    >
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="purpose" value={purpose} />
      <TextField
        id={`${formId}-password`}
        inputRef={passwordRef}
        label="New password"
        name="password"
        type="password"
        required
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        error={error}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(undefined);
        }}
      />
    </PasswordForm>
  );
}
