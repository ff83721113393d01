import { type SubmitEvent, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { homeOf, mayOpen, type StaffRole, signInDestination } from '../../features/staff/roles.ts';
import { LoginInput } from '../../features/staff/staff.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { prefilled } from '../../lib/form-prefill.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { showToast } from '../ui/toast.ts';
import { TextField } from './AdminKit.tsx';
import { adminApi } from './admin.api.ts';
import { errorMessage, LOGIN_REDIRECT_MS } from './admin-ui.ts';
import { PasswordForm } from './PasswordForm.tsx';

type FieldName = 'email' | 'password';
type Errors = Partial<Record<FieldName, string>>;

interface Props {
  /**
   * Called with the admin's e-mail after a sign-in, to stay on this screen (when the account's
   * role opens it; otherwise it goes to its role's start page). Without it (the /admin-login page)
   * the account goes on to the page named by ?next= when its role opens that page, else to its
   * role's start page (/admin, or /driver for a driver).
   */
  onSignedIn?: (email: string, role: StaffRole) => void;
  /** The e-mail to start with: what the person typed, after a failed sign-in posted without the script. */
  email?: string | undefined;
  headingLevel?: 1 | 2;
  titleId?: string;
  title?: string;
  intro?: string;
}

/**
 * The admin login form (admin.md §2, §5). D20: it shows no credentials, default or otherwise, and
 * fills nothing in.
 */
export default function AdminLogin({
  onSignedIn,
  email,
  headingLevel = 1,
  titleId,
  title = 'Admin Login',
  intro = 'Sign in to manage orders and products.',
}: Props) {
  const formId = useId();
  // The e-mail the field holds (typed before the script arrived, or rendered after a failed post); never the password.
  const [values, setValues] = useState(() => ({ email: prefilled(`${formId}-email`, email), password: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'submitting' | 'done'>('idle');
  const headingId = titleId ?? `${formId}-title`;
  const refs = useRef<Record<FieldName, HTMLInputElement | null>>({ email: null, password: null });

  const set = (name: FieldName, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, ...rest } = old;
      return rest;
    });
  };

  const showErrors = (errs: Errors) => {
    setErrors(errs);
    const first = (['email', 'password'] as const).find((f) => errs[f]);
    if (first) refs.current[first]?.focus();
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (state !== 'idle') return;
    const parsed = v.safeParse(LoginInput, values);
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.issues) as Errors);
      return;
    }
    setState('submitting');
    try {
      const me = await adminApi.login(parsed.output);
      setState('done');
      // D35: each role starts on its own page; a page the role does not open is swapped for it.
      const { role } = me;
      const opens = (path: string) => mayOpen(role, new URL(path, window.location.origin).pathname);
      showToast({
        title: 'Login successful',
        description: role === 'driver' ? 'Opening your deliveries' : 'Welcome to the admin dashboard',
      });
      const email = me.email ?? parsed.output.email;
      if (onSignedIn && opens(window.location.pathname)) onSignedIn(email, role);
      else {
        const next = new URLSearchParams(window.location.search).get('next');
        const to = onSignedIn ? homeOf(role) : signInDestination(next, window.location.origin, role);
        setTimeout(() => window.location.assign(to), LOGIN_REDIRECT_MS);
      }
    } catch (err) {
      setState('idle');
      setValues((old) => ({ ...old, password: '' }));
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) showErrors(err.fields as Errors);
      showToast({ title: 'Login failed', description: errorMessage(err, 'Invalid credentials'), variant: 'destructive' });
    }
  };

  const input = (name: FieldName, label: string, type: 'email' | 'password', autoComplete: string) => {
    const id = `${formId}-${name}`;
    return (
      <TextField
        id={id}
        label={label}
        error={errors[name]}
        inputRef={(el) => {
          refs.current[name] = el;
        }}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    );
  };

  return (
    <PasswordForm
      action="/api/admin/login"
      onSubmit={onSubmit}
      titleId={headingId}
      headingLevel={headingLevel}
      title={title}
      intro={intro}
      state={state}
      busyLabel="Signing in..."
      submitLabel="Sign In"
    >
      {input('email', 'Email', 'email', 'username')}
      {input('password', 'Password', 'password', 'current-password')}
    </PasswordForm>
  );
}
