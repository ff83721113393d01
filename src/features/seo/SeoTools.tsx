/** The five tools of the AI SEO manager (admin.md §2), each a form and, after success, its result. */
import { type ReactNode, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { describedBy, Field, inputClass, primaryButton, secondaryButton } from '../../components/admin/AdminKit.tsx';
import { errorMessage, formatDateTime, isUnauthorized } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { type ComplianceFlag, checkAll, describeFlags } from '../ai/compliance.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { seoApi } from './seo.api.ts';
import { AuditInput, BlogInput, CategorySeoInput, KeywordInput } from './seo.schema.ts';
import {
  BLOG_WORD_COUNTS,
  type BlogContent,
  type CategorySeo,
  countWords,
  type KeywordData,
  PAGE_TYPES,
  type ProductSeo,
  type SavedProductSeo,
  SEO,
  SEO_MESSAGES,
  SEO_TOASTS,
  splitList,
} from './seo.ts';
import { type Runner, toLogin } from './seo-ui.ts';

type Errors = Record<string, string>;
/** What every generating call says besides its result. */
type GeneratedMeta = Pick<Awaited<ReturnType<typeof seoApi.productSeo>>, 'source' | 'notice' | 'compliance'>;
type AuditResults = Awaited<ReturnType<typeof seoApi.audit>>['auditResults'];

const generateLabel = (runner: Runner, job: Runner['busy'], idle: string) => (runner.busy === job ? 'Generating...' : idle);

/** Validates with the server's schema, so the form and the API say the same words (admin.md §5). */
function check<S extends v.GenericSchema>(schema: S, input: unknown): { ok: true } | { ok: false; errors: Errors } {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true } : { ok: false, errors: issuesToFields(result.issues) };
}

function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A tool's form: its fields, their errors (cleared as the field is edited; fields validated as one
 * clear together) and validation with the server's schema, focusing the first error.
 */
function useToolForm<F extends Record<string, string>>(initial: F, clearTogether: readonly (keyof F & string)[] = []) {
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

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

function ToolSection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
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

function ResultBox({ title, children }: { title: string; children: ReactNode }) {
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
function SourceNote({ source, notice }: { source: GeneratedMeta['source']; notice?: string | undefined }) {
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
function ComplianceNote({ flags, children }: { flags: readonly ComplianceFlag[]; children?: ReactNode }) {
  if (flags.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">Compliance check</p>
      <p className="mt-1 text-sm">{describeFlags(flags)} Shop text must not make medical claims or speak to anyone under 21.</p>
      {children}
    </div>
  );
}

function Definition({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 whitespace-pre-line">{children}</dd>
    </div>
  );
}

function KeywordList({ label, items }: { label: string; items: readonly string[] }) {
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

const length = (s: string, range: { min: number; max: number }) => {
  const n = s.trim().length;
  return `${n} characters (${range.min}-${range.max} recommended)`;
};

// ---------------------------------------------------------------------------------------------
// Product SEO
// ---------------------------------------------------------------------------------------------

interface Draft {
  metaTitle: string;
  metaDescription: string;
  h1Heading: string;
  description: string;
  /** Comma-separated, as the admin edits them. */
  keywords: string;
}

const toDraft = (seo: ProductSeo): Draft => ({ ...seo, keywords: seo.keywords.join(', ') });
const fromDraft = (d: Draft): ProductSeo => ({ ...d, keywords: splitList(d.keywords) });

export function ProductTool({ runner }: { runner: Runner }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [products, setProducts] = useState<ApiProduct[] | null>(null);
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ product: ApiProduct; meta: GeneratedMeta } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState<SavedProductSeo | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    seoApi.products().then(
      (list) => {
        if (current) setProducts([...list].sort((a, b) => a.name.localeCompare(b.name)));
      },
      (err: unknown) => {
        if (!current) return;
        if (isUnauthorized(err)) return toLogin();
        // admin.md §8: the list falls back to empty.
        setProducts([]);
        showToast({ title: SEO_MESSAGES.productsFailed, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  // What is saved for the product result shown (the page uses it from the next build).
  const resultId = result?.product.id;
  useEffect(() => {
    if (resultId === undefined) return;
    let current = true;
    setSaved(null);
    seoApi.saved(resultId).then(
      (answer) => {
        if (current) setSaved(answer.productSeo);
      },
      (err: unknown) => {
        if (current && isUnauthorized(err)) toLogin();
      },
    );
    return () => {
      current = false;
    };
  }, [resultId]);

  const generate = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const product = products?.find((p) => String(p.id) === productId);
    if (!product) {
      setError(SEO_MESSAGES.selectProduct);
      focusFirstError(formRef.current);
      return;
    }
    setError(undefined);
    const answer = await runner.run('product', () => seoApi.productSeo(product.id));
    if (!answer) return;
    setResult({ product, meta: answer });
    setDraft(toDraft(answer.seoContent));
    setRefused(null);
  };

  const save = async (override: boolean) => {
    if (!result || !draft) return;
    const answer = await runner.run('save', () => seoApi.save(result.product.id, { ...fromDraft(draft), override }), {
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'compliance_flagged') {
          setRefused(err.userMessage);
          showToast({ title: SEO_TOASTS.save.failure, description: err.userMessage, variant: 'destructive' });
          return true;
        }
        return false;
      },
    });
    if (!answer) return;
    setSaved(answer.productSeo);
    setRefused(null);
  };

  const clear = async () => {
    if (!result) return;
    const answer = await runner.run('clear', () => seoApi.clear(result.product.id));
    if (answer) setSaved(null);
  };

  const edit = (field: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => (d ? { ...d, [field]: e.target.value } : d));
    setRefused(null);
  };
  const flags = draft ? checkAll(fromDraft(draft)) : [];

  return (
    <ToolSection
      title="Product SEO"
      intro="Pick a product to generate its meta title, meta description, H1 heading, description and keywords. Saved SEO is used by the product page from the next build."
    >
      <form method="post" ref={formRef} onSubmit={generate} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field id={`${id}-product`} label="Product" error={error} className="flex-1">
          <select
            id={`${id}-product`}
            value={productId}
            onChange={(e) => {
              setProductId(e.target.value);
              setError(undefined);
            }}
            className={inputClass(!!error)}
            {...describedBy(`${id}-product`, error)}
          >
            <option value="">{products === null ? 'Loading products…' : 'Select a product'}</option>
            {products?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.categoryName})
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" disabled={runner.busy !== null} className={primaryButton}>
          {generateLabel(runner, 'product', 'Generate SEO')}
        </button>
      </form>

      {result && draft && (
        <ResultBox title={`SEO for ${result.product.name}`}>
          <SourceNote source={result.meta.source} notice={result.meta.notice} />
          <Field id={`${id}-title`} label="Meta title" hint={length(draft.metaTitle, SEO.title)}>
            <input
              id={`${id}-title`}
              value={draft.metaTitle}
              onChange={edit('metaTitle')}
              className={inputClass()}
              {...describedBy(`${id}-title`, undefined, true)}
            />
          </Field>
          <Field id={`${id}-desc`} label="Meta description" hint={length(draft.metaDescription, SEO.description)}>
            <textarea
              id={`${id}-desc`}
              rows={3}
              value={draft.metaDescription}
              onChange={edit('metaDescription')}
              className={inputClass()}
              {...describedBy(`${id}-desc`, undefined, true)}
            />
          </Field>
          <Field id={`${id}-h1`} label="H1 heading">
            <input id={`${id}-h1`} value={draft.h1Heading} onChange={edit('h1Heading')} className={inputClass()} />
          </Field>
          <Field id={`${id}-body`} label="Description">
            <textarea id={`${id}-body`} rows={8} value={draft.description} onChange={edit('description')} className={inputClass()} />
          </Field>
          <Field id={`${id}-keywords`} label="Keywords" hint="Separated by commas.">
            <input
              id={`${id}-keywords`}
              value={draft.keywords}
              onChange={edit('keywords')}
              className={inputClass()}
              {...describedBy(`${id}-keywords`, undefined, true)}
            />
          </Field>
          <ComplianceNote flags={flags}>
            {refused && (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <p className="text-sm">{refused}</p>
                <button type="button" onClick={() => void save(true)} disabled={runner.busy !== null} className={secondaryButton}>
                  {runner.busy === 'save' ? 'Saving...' : 'Save anyway'}
                </button>
              </div>
            )}
          </ComplianceNote>
          {refused && flags.length === 0 && (
            // The server's check found something the form's did not (it should not happen, but the override must stay reachable).
            <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
              <p className="text-sm">{refused}</p>
              <button type="button" onClick={() => void save(true)} disabled={runner.busy !== null} className={`${secondaryButton} mt-3`}>
                Save anyway
              </button>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" onClick={() => void save(false)} disabled={runner.busy !== null} className={primaryButton}>
              {runner.busy === 'save' ? 'Saving...' : 'Save to product'}
            </button>
            {saved && (
              <button type="button" onClick={() => void clear()} disabled={runner.busy !== null} className={secondaryButton}>
                Remove saved SEO
              </button>
            )}
          </div>
          <p className="text-sm text-muted" aria-live="polite">
            {saved
              ? `Saved SEO is on this product (last saved ${formatDateTime(saved.updatedAt)}${saved.overridden ? ', saved over a compliance warning' : ''}). The product page uses it from the next build.`
              : 'Nothing saved for this product yet: its page uses its name and description.'}
          </p>
        </ResultBox>
      )}
    </ToolSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Category SEO
// ---------------------------------------------------------------------------------------------

export function CategoryTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, validate } = useToolForm({ categoryName: '', productCount: '', targetLocation: SEO.defaultLocation });
  const [result, setResult] = useState<{ content: CategorySeo; meta: GeneratedMeta } | null>(null);

  const generate = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    // admin.md §5: the count is parsed as a whole number, 0 when empty or unreadable.
    const request = { ...form, productCount: Math.max(0, Number.parseInt(form.productCount, 10) || 0) };
    if (!validate(CategorySeoInput, request)) return;
    const answer = await runner.run('category', () => seoApi.categorySeo(request));
    if (answer) setResult({ content: answer.seoContent, meta: answer });
  };

  return (
    <ToolSection title="Category SEO" intro="Meta title, meta description and page copy for a category page.">
      <form method="post" ref={formRef} onSubmit={generate} noValidate className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
        <Field id={`${id}-name`} label="Category name" error={errors.categoryName || undefined}>
          <input
            id={`${id}-name`}
            value={form.categoryName}
            onChange={set('categoryName')}
            maxLength={SEO.limits.categoryName}
            className={inputClass(!!errors.categoryName)}
            {...describedBy(`${id}-name`, errors.categoryName || undefined)}
          />
        </Field>
        <Field id={`${id}-count`} label="Number of products" error={errors.productCount || undefined}>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={form.productCount}
            onChange={set('productCount')}
            placeholder="0"
            className={inputClass(!!errors.productCount)}
            {...describedBy(`${id}-count`, errors.productCount || undefined)}
          />
        </Field>
        <Field id={`${id}-location`} label="Target location" error={errors.targetLocation || undefined}>
          <input
            id={`${id}-location`}
            value={form.targetLocation}
            onChange={set('targetLocation')}
            maxLength={SEO.limits.location}
            className={inputClass(!!errors.targetLocation)}
            {...describedBy(`${id}-location`, errors.targetLocation || undefined)}
          />
        </Field>
        <button type="submit" disabled={runner.busy !== null} className={primaryButton}>
          {generateLabel(runner, 'category', 'Generate SEO')}
        </button>
      </form>
      {result && (
        <ResultBox title="Category SEO">
          <SourceNote source={result.meta.source} notice={result.meta.notice} />
          <ComplianceNote flags={result.meta.compliance.flags} />
          <dl className="flex flex-col gap-4">
            <Definition label={`Meta title (${result.content.metaTitle.length} characters)`}>{result.content.metaTitle}</Definition>
            <Definition label={`Meta description (${result.content.metaDescription.length} characters)`}>
              {result.content.metaDescription}
            </Definition>
            <Definition label="Description">{result.content.description}</Definition>
          </dl>
        </ResultBox>
      )}
    </ToolSection>
  );
}

// ---------------------------------------------------------------------------------------------
// SEO audit
// ---------------------------------------------------------------------------------------------

export function AuditTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, validate } = useToolForm({ url: '', pageType: SEO.defaultPageType as string, content: '' });
  const [result, setResult] = useState<{ audit: AuditResults; source: GeneratedMeta['source']; notice?: string | undefined } | null>(null);

  const audit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const request = { url: form.url, pageType: form.pageType, ...(form.content.trim() ? { content: form.content } : {}) };
    if (!validate(AuditInput, request)) return;
    const answer = await runner.run('audit', () => seoApi.audit(request));
    if (answer) setResult({ audit: answer.auditResults, source: answer.source, notice: answer.notice });
  };
  const a = result?.audit;

  return (
    <ToolSection
      title="SEO Audit"
      intro="Checks one of the shop's pages (a path such as /product/1, or its full address) or pasted content: title, meta description, H1, canonical link, structured data, image alt text, length and links."
    >
      <form method="post" ref={formRef} onSubmit={audit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
          <Field id={`${id}-url`} label="Page URL" error={errors.url || undefined}>
            <input
              id={`${id}-url`}
              value={form.url}
              onChange={set('url')}
              placeholder="/product/1"
              maxLength={SEO.limits.url}
              className={inputClass(!!errors.url)}
              {...describedBy(`${id}-url`, errors.url || undefined)}
            />
          </Field>
          <Field id={`${id}-type`} label="Page type">
            <select id={`${id}-type`} value={form.pageType} onChange={set('pageType')} className={inputClass()}>
              {PAGE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t.charAt(0).toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          id={`${id}-content`}
          label="Content"
          optional
          hint="Paste a page's HTML or a draft to audit it instead of the page at the URL."
          error={errors.content || undefined}
        >
          <textarea
            id={`${id}-content`}
            rows={4}
            value={form.content}
            onChange={set('content')}
            className={inputClass(!!errors.content)}
            {...describedBy(`${id}-content`, errors.content || undefined, true)}
          />
        </Field>
        <div>
          <button type="submit" disabled={runner.busy !== null} className={primaryButton}>
            {runner.busy === 'audit' ? 'Auditing...' : 'Audit page'}
          </button>
        </div>
      </form>
      {a && result && (
        <ResultBox title={`Audit of ${a.url ? new URL(a.url).pathname : 'pasted content'}`}>
          <p className="text-lg">
            SEO score: <strong className="text-3xl">{a.seoScore}</strong>/100
          </p>
          <SourceNote source={result.source} notice={result.notice} />
          {a.contentKind === 'text' && (
            <p className="text-sm text-muted">Pasted text has no page head, so title, meta and link checks are not scored.</p>
          )}
          <IssueList title="Critical issues" items={a.criticalIssues} empty="No critical issues." tone="text-red-800" />
          <IssueList title="Improvements" items={a.improvements} empty="Nothing else to improve." tone="text-amber-900" />
          {a.suggestions.length > 0 && <IssueList title="AI suggestions" items={a.suggestions} empty="" tone="" />}
          <details>
            <summary className="cursor-pointer font-semibold">All checks</summary>
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr>
                  <th className="py-1 text-left">Check</th>
                  <th className="py-1 text-left">Result</th>
                  <th className="py-1 text-right">Points</th>
                </tr>
              </thead>
              <tbody>
                {a.checks.map((c) => (
                  <tr key={c.id} className="border-t border-stone-200 align-top">
                    <td className="py-1 pr-3 font-semibold">{c.label}</td>
                    <td className="py-1 pr-3">{c.applicable ? c.detail : 'Not scored for pasted text.'}</td>
                    <td className="py-1 text-right">{c.applicable ? `${c.points}/${c.maxPoints}` : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </ResultBox>
      )}
    </ToolSection>
  );
}

function IssueList({ title, items, empty, tone }: { title: string; items: readonly string[]; empty: string; tone: string }) {
  const id = useId();
  return (
    <div>
      <h4 id={id} className="font-semibold">
        {title} <span className="font-normal text-muted">({items.length})</span>
      </h4>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className={`mt-1 list-disc space-y-1 pl-5 text-sm ${tone}`}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Blog content
// ---------------------------------------------------------------------------------------------

export function BlogTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, validate } = useToolForm(
    {
      topic: '',
      keywords: '',
      wordCount: String(SEO.defaultWordCount),
      targetLocation: SEO.defaultLocation,
    },
    ['topic', 'keywords'],
  );
  const [result, setResult] = useState<{ content: BlogContent; meta: GeneratedMeta } | null>(null);

  const generate = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    // admin.md §5: the word count is sent as a whole number.
    const request = { ...form, wordCount: Number.parseInt(form.wordCount, 10) };
    if (!validate(BlogInput, request)) return;
    const answer = await runner.run('blog', () => seoApi.blog(request));
    if (answer) setResult({ content: answer.blogContent, meta: answer });
  };

  return (
    <ToolSection title="Blog Content" intro="A blog post draft with its title and meta description.">
      <form method="post" ref={formRef} onSubmit={generate} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-topic`} label="Topic" error={errors.topic || undefined}>
          <input
            id={`${id}-topic`}
            value={form.topic}
            onChange={set('topic')}
            maxLength={SEO.limits.topic}
            className={inputClass(!!errors.topic)}
            {...describedBy(`${id}-topic`, errors.topic || undefined)}
          />
        </Field>
        <Field id={`${id}-keywords`} label="Keywords" hint="Separated by commas." error={errors.keywords || undefined}>
          <input
            id={`${id}-keywords`}
            value={form.keywords}
            onChange={set('keywords')}
            maxLength={SEO.limits.keywords}
            className={inputClass(!!errors.keywords)}
            {...describedBy(`${id}-keywords`, errors.keywords || undefined, true)}
          />
        </Field>
        <Field id={`${id}-words`} label="Word count">
          <select id={`${id}-words`} value={form.wordCount} onChange={set('wordCount')} className={inputClass()}>
            {BLOG_WORD_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n} words
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-location`} label="Location" error={errors.targetLocation || undefined}>
          <input
            id={`${id}-location`}
            value={form.targetLocation}
            onChange={set('targetLocation')}
            maxLength={SEO.limits.location}
            className={inputClass(!!errors.targetLocation)}
            {...describedBy(`${id}-location`, errors.targetLocation || undefined)}
          />
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" disabled={runner.busy !== null} className={primaryButton}>
            {generateLabel(runner, 'blog', 'Generate blog post')}
          </button>
        </div>
      </form>
      {result && (
        <ResultBox title={result.content.title}>
          <SourceNote source={result.meta.source} notice={result.meta.notice} />
          <ComplianceNote flags={result.meta.compliance.flags} />
          <dl className="flex flex-col gap-4">
            <Definition label={`Title (${result.content.title.length} characters)`}>{result.content.title}</Definition>
            <Definition label={`Meta description (${result.content.metaDescription.length} characters)`}>
              {result.content.metaDescription}
            </Definition>
          </dl>
          <Field id={`${id}-content`} label={`Content (${countWords(result.content.content)} words, Markdown)`}>
            <textarea
              id={`${id}-content`}
              readOnly
              rows={16}
              value={result.content.content}
              className={`${inputClass()} font-mono text-sm`}
            />
          </Field>
        </ResultBox>
      )}
    </ToolSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Keyword research
// ---------------------------------------------------------------------------------------------

export function KeywordTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, validate } = useToolForm({ seedKeywords: '', location: SEO.defaultLocation });
  const [result, setResult] = useState<{ data: KeywordData; meta: GeneratedMeta } | null>(null);

  const research = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    // admin.md §7: the business type is always 'Cannabis Dispensary'.
    const request = { ...form, businessType: SEO.businessType };
    if (!validate(KeywordInput, request)) return;
    const answer = await runner.run('keywords', () => seoApi.keywords(request));
    if (answer) setResult({ data: answer.keywordData, meta: answer });
  };

  return (
    <ToolSection title="Keyword Research" intro="Primary, long-tail and local keywords from a few seed keywords.">
      <form method="post" ref={formRef} onSubmit={research} noValidate className="grid gap-4 sm:grid-cols-[2fr_2fr_auto] sm:items-end">
        <Field id={`${id}-seeds`} label="Seed keywords" hint="Separated by commas." error={errors.seedKeywords || undefined}>
          <input
            id={`${id}-seeds`}
            value={form.seedKeywords}
            onChange={set('seedKeywords')}
            maxLength={SEO.limits.seedKeywords}
            className={inputClass(!!errors.seedKeywords)}
            {...describedBy(`${id}-seeds`, errors.seedKeywords || undefined, true)}
          />
        </Field>
        <Field id={`${id}-location`} label="Location" error={errors.location || undefined}>
          <input
            id={`${id}-location`}
            value={form.location}
            onChange={set('location')}
            maxLength={SEO.limits.location}
            className={inputClass(!!errors.location)}
            {...describedBy(`${id}-location`, errors.location || undefined)}
          />
        </Field>
        <button type="submit" disabled={runner.busy !== null} className={primaryButton}>
          {runner.busy === 'keywords' ? 'Researching...' : 'Research keywords'}
        </button>
      </form>
      {result && (
        <ResultBox title="Keyword research">
          <SourceNote source={result.meta.source} notice={result.meta.notice} />
          <ComplianceNote flags={result.meta.compliance.flags} />
          <KeywordList label="Primary keywords" items={result.data.primaryKeywords} />
          <KeywordList label="Long-tail keywords" items={result.data.longTailKeywords} />
          <KeywordList label="Local keywords" items={result.data.localKeywords} />
        </ResultBox>
      )}
    </ToolSection>
  );
}
