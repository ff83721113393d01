import { useEffect, useId, useRef, useState } from 'react';

/** Field errors by field name, as the schemas and the API name them. */
export type FieldErrors = Record<string, string>;

/**
 * The state an admin form keeps: its values, its field errors (a field's error clears as soon as
 * the field changes), whether it is saving, ids for its fields, and focus on the first invalid
 * field each time errors are shown, so a keyboard or screen-reader user lands on what to fix.
 */
export function useEditForm<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [focusPending, setFocusPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (!focusPending) return;
    setFocusPending(false);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusPending]);

  const set = <K extends keyof F>(name: K, value: F[K]) => {
    setForm((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name as string]: _cleared, ...rest } = old;
      return rest;
    });
  };
  const showErrors = (errs: FieldErrors) => {
    setErrors(errs);
    setFocusPending(true);
  };
  const id = (name: string) => `${baseId}-${name}`;

  return { form, setForm, set, errors, setErrors, showErrors, busy, setBusy, formRef, baseId, id };
}
