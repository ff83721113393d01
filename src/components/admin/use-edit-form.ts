import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { issuesToFields } from '../../lib/validation.ts';
import { sessionEnded } from './AdminSession.tsx';
import { callErrors } from './admin-ui.ts';

/** Field errors by field name, as the schemas and the API name them. */
export type FieldErrors = Record<string, string>;

/** The names of a form's text values. */
export type TextKeys<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string;

/**
 * The props that tie a text control (TextField, TextAreaField) to one of a form's text values: its
 * id and name, its error, its value, and the change that sets it.
 */
export function textBinder<F>(
  values: F,
  errors: Partial<Record<string, string | undefined>>,
  set: (name: TextKeys<F>, value: string) => void,
  id: (name: TextKeys<F>) => string,
) {
  return (name: TextKeys<F>) => ({
    id: id(name),
    name,
    error: errors[name],
    value: values[name] as string,
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
}

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
  // A text control holds one of the values its field allows (a select lists only those).
  const text = textBinder(form, errors, (name, value) => set(name, value as F[typeof name]), id);

  return { form, setForm, set, errors, setErrors, showErrors, busy, setBusy, formRef, baseId, id, text };
}

/**
 * A form's save, one at a time: the values are checked with the schema the server uses (and any
 * further refusal the form knows), then `call` runs; `done` gets what it answered. A failed call
 * shows its field errors, or one sentence under `form`; a session that ended is AdminSession's to
 * handle, so it shows nothing here.
 */
export function useSave<S extends v.GenericSchema, T>(
  showErrors: (errors: FieldErrors) => void,
  save: {
    schema: S;
    input: () => unknown;
    /** Renames the schema's issue paths to the form's field names. */
    fields?: (errors: FieldErrors) => FieldErrors;
    /** Errors the server would answer with, found before asking it. */
    refuse?: (value: v.InferOutput<S>) => FieldErrors;
    call: (value: v.InferOutput<S>) => Promise<T>;
    done: (saved: T) => void;
    /** The sentence when the call fails without one of its own. */
    failed: string;
  },
) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(save.schema, save.input());
    if (!parsed.success) {
      const errors = issuesToFields(parsed.issues);
      showErrors(save.fields ? save.fields(errors) : errors);
      return;
    }
    const refused = save.refuse?.(parsed.output) ?? {};
    if (Object.keys(refused).length > 0) {
      showErrors(refused);
      return;
    }
    setBusy(true);
    try {
      save.done(await save.call(parsed.output));
    } catch (err) {
      setBusy(false);
      if (!sessionEnded(err)) showErrors(callErrors(err, save.failed));
    }
  };
  return { busy, onSubmit };
}
