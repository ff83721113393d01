/** The SEO manager's product tool (admin.md §2): meta for one product, edited, saved or removed. */
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import {
  describedBy,
  Field,
  inputClass,
  primaryButton,
  secondaryButton,
  TextAreaField,
  TextField,
} from '../../components/admin/AdminKit.tsx';
import { errorMessage, formatDateTime, isUnauthorized } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { checkAll } from '../ai/compliance.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import type { SavedProductSeo } from './product-page-seo.ts';
import {
  ComplianceNote,
  focusFirstError,
  type GeneratedMeta,
  generateLabel,
  length,
  ResultBox,
  SourceNote,
  ToolSection,
} from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { type ProductSeo, SEO, SEO_MESSAGES, SEO_TOASTS } from './seo.ts';
import { splitList } from './seo-text.ts';
import { type Runner, toLogin } from './seo-ui.ts';

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
          <TextField id={`${id}-h1`} label="H1 heading" value={draft.h1Heading} onChange={edit('h1Heading')} />
          <TextAreaField id={`${id}-body`} label="Description" rows={8} value={draft.description} onChange={edit('description')} />
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
