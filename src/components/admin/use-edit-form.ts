import { useEffect, useId, useRef, useState } from 'react';

/** Field errors by field name, as the schemas and the API name them. */
export type FieldErrors = Record<string, string>;

/** Puts focus on the first control marked invalid inside the form `ref` holds, once the errors are drawn. */
export function useFocusFirstInvalid() {
  const ref = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [pending]);
  return { ref, focus: () => setPending(true) };
}

/**
 * The state an admin form keeps: its values, its field errors (a field's error clears as soon as
 * the field changes), whether it is saving, ids for its fields, and focus on the first invalid
 * field each time errors are shown, so a keyboard or screen-reader user lands on what to fix.
 */
export function useEditForm<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focus } = useFocusFirstInvalid();
  const baseId = useId();

  const set = <K extends keyof F>(name: K, value: F[K]) => {
    setForm((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name as string]: _cleared, ...rest } = old;
      return rest;
    });
  };
  const showErrors = (errs: FieldErrors) => {
    setErrors(errs);
    focus();
  };
  const id = (name: string) => `${baseId}-${name}`;

  return { form, setForm, set, errors, setErrors, showErrors, busy, setBusy, formRef, baseId, id };
}
