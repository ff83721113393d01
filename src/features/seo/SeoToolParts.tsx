/** What the five tools of the AI SEO manager (admin.md §2) share: form state, validation, and the pieces their results show. */
import { type ReactNode, type Ref, type SubmitEvent, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { primaryButton } from '../../components/admin/AdminKit.tsx';
import { issuesToFields } from '../../lib/validation.ts';
import { type ComplianceFlag, describeFlags } from '../ai/compliance.ts';
import type { seoApi } from './seo.api.ts';
import type { Job, Runner } from './seo-ui.ts';

export type Errors = Record<string, string>;
/** What every generating call says besides its result. */
export type GeneratedMeta = Pick<Awaited<ReturnType<typeof seoApi.productSeo>>, 'source' | 'notice' | 'compliance'>;

export const generateLabel = (runner: Runner, job: Runner['busy'], idle: string) => (runner.busy === job ? 'Generating...' : idle);

/** Validates with the server's schema, so the form and the API say the same words (admin.md §5). */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): { ok: true } | { ok: false; errors: Errors } {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true } : { ok: false, errors: issuesToFields(result.issues) };
}

export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A tool's form: its fields, their errors (cleared as the field is edited; fields validated as one
 * clear together) and validation with the server's schema, focusing the first error.
 */
export function useToolForm<F extends Record<string, string>>(initial: F, clearTogether: readonly (keyof F & string)[] = []) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof F & string) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    const cleared = clearTogether.includes(field) ? clearTogether : [field];
    setErrors((x) => ({ ...x, ...Object.fromEntries(cleared.map((k) => [k, ''])) }));
  };
  /** Checks `request` with the server's schema; when it passes, `request` has the schema's input type. */
  const validate = <S extends v.GenericSchema>(schema: S, request: unknown): request is v.InferInput<S> => {
    const valid = check(schema, request);
    if (!valid.ok) {
      setErrors(valid.errors);
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return false;
    }
    setErrors({});
    return true;
  };
  return { formRef, form, errors, set, validate };
}

/**
 * A tool that sends its checked form and shows what came back: the form of `useToolForm`, the
 * request built from it, the one runner (admin.md §4), and the part of the answer it keeps.
 */
export function useToolRun<
  F extends Record<string, string>,
  S extends v.GenericSchema,
  A extends { success: boolean; notice?: string | undefined },
  R,
>(
  runner: Runner,
  job: Job,
  tool: {
    initial: F;
    clearTogether?: readonly (keyof F & string)[];
    schema: S;
    request: (form: F) => unknown;
    call: (request: v.InferInput<S>) => Promise<A>;
    keep: (answer: A) => R;
  },
) {
  const { formRef, form, errors, set, validate } = useToolForm(tool.initial, tool.clearTogether);
  const [result, setResult] = useState<R | null>(null);
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const request = tool.request(form);
    if (!validate(tool.schema, request)) return;
    const answer = await runner.run(job, () => tool.call(request));
    if (answer) setResult(tool.keep(answer));
  };
  return { formRef, form, errors, set, result, submit };
}

/**
 * A tool's section: its form with the one submit button (disabled while any tool is busy, admin.md §4),
 * then its result. `submitRow` wraps the button when the form's grid gives it a row of its own.
 */
export function ToolFrame({
  title,
  intro,
  formRef,
  onSubmit,
  formClass,
  submitLabel,
  submitRow,
  busy,
  children,
  result,
}: {
  title: string;
  intro: string;
  formRef: Ref<HTMLFormElement>;
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => void;
  formClass: string;
  submitLabel: string;
  submitRow?: string;
  busy: boolean;
  children: ReactNode;
  result: ReactNode;
}) {
  const button = (
    <button type="submit" disabled={busy} className={primaryButton}>
      {submitLabel}
    </button>
  );
  return (
    <ToolSection title={title} intro={intro}>
      <form method="post" ref={formRef} onSubmit={onSubmit} noValidate className={formClass}>
        {children}
        {submitRow === undefined ? button : <div className={submitRow || undefined}>{button}</div>}
      </form>
      {result}
    </ToolSection>
  );
}

/** A generated result: who wrote it, what the compliance check found, then the result itself. */
export function GeneratedBox({ title, meta, children }: { title: string; meta: GeneratedMeta; children: ReactNode }) {
  return (
    <ResultBox title={title}>
      <SourceNote source={meta.source} notice={meta.notice} />
      <ComplianceNote flags={meta.compliance.flags} />
      {children}
    </ResultBox>
  );
}

export function ToolSection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5">
      <div>
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}

export function ResultBox({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Says who wrote the result: the model, or the built-in template (and why, when a model failed). */
export function SourceNote({ source, notice }: { source: GeneratedMeta['source']; notice?: string | undefined }) {
  return (
    <p className="text-sm text-muted">
      {source === 'model'
        ? 'Written by the AI model. Review it before publishing.'
        : 'Written by the built-in templates from the shop’s own data.'}
      {notice ? ` ${notice}` : ''}
    </p>
  );
}

/** D27: wording a reviewer would stop, named so the admin can fix it. */
export function ComplianceNote({ flags, children }: { flags: readonly ComplianceFlag[]; children?: ReactNode }) {
  if (flags.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">Compliance check</p>
      <p className="mt-1 text-sm">{describeFlags(flags)} Shop text must not make medical claims or speak to anyone under 21.</p>
      {children}
    </div>
  );
}

export function Definition({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 whitespace-pre-line">{children}</dd>
    </div>
  );
}

export function KeywordList({ label, items }: { label: string; items: readonly string[] }) {
  const id = useId();
  return (
    <div>
      <h4 id={id} className="font-semibold">
        {label} <span className="font-normal text-muted">({items.length})</span>
      </h4>
      <ul aria-labelledby={id} className="mt-2 flex flex-wrap gap-2">
        {items.map((k) => (
          <li key={k} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
            {k}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const length = (s: string, range: { min: number; max: number }) => {
  const n = s.trim().length;
  return `${n} characters (${range.min}-${range.max} recommended)`;
};
