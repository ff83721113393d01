/** The SEO manager's category tool (admin.md §2): meta for a category page. */
import { type SubmitEvent, useId, useState } from 'react';
import { primaryButton, TextField } from '../../components/admin/AdminKit.tsx';
import {
  ComplianceNote,
  Definition,
  type GeneratedMeta,
  generateLabel,
  ResultBox,
  SourceNote,
  ToolSection,
  useToolForm,
} from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { CategorySeoInput } from './seo.schema.ts';
import { type CategorySeo, SEO } from './seo.ts';
import type { Runner } from './seo-ui.ts';

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
        <TextField
          id={`${id}-name`}
          label="Category name"
          error={errors.categoryName || undefined}
          value={form.categoryName}
          onChange={set('categoryName')}
          maxLength={SEO.limits.categoryName}
        />
        <TextField
          id={`${id}-count`}
          label="Number of products"
          error={errors.productCount || undefined}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.productCount}
          onChange={set('productCount')}
          placeholder="0"
        />
        <TextField
          id={`${id}-location`}
          label="Target location"
          error={errors.targetLocation || undefined}
          value={form.targetLocation}
          onChange={set('targetLocation')}
          maxLength={SEO.limits.location}
        />
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
