/** The SEO manager's category tool (admin.md §2): meta for a category page. */
import { useId } from 'react';
import { TextField } from '../../components/admin/AdminKit.tsx';
import { Definition, GeneratedBox, generateLabel, ToolFrame, useToolRun } from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { CategorySeoInput } from './seo.schema.ts';
import { SEO } from './seo.ts';
import type { Runner } from './seo-ui.ts';

export function CategoryTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, result, submit } = useToolRun(runner, 'category', {
    initial: { categoryName: '', productCount: '', targetLocation: SEO.defaultLocation },
    schema: CategorySeoInput,
    // admin.md §5: the count is parsed as a whole number, 0 when empty or unreadable.
    request: (form) => ({ ...form, productCount: Math.max(0, Number.parseInt(form.productCount, 10) || 0) }),
    call: seoApi.categorySeo,
    keep: (answer) => ({ content: answer.seoContent, meta: answer }),
  });

  return (
    <ToolFrame
      title="Category SEO"
      intro="Meta title, meta description and page copy for a category page."
      formRef={formRef}
      onSubmit={submit}
      formClass="grid gap-4 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end"
      submitLabel={generateLabel(runner, 'category', 'Generate SEO')}
      busy={runner.busy !== null}
      result={
        result && (
          <GeneratedBox title="Category SEO" meta={result.meta}>
            <dl className="flex flex-col gap-4">
              <Definition label={`Meta title (${result.content.metaTitle.length} characters)`}>{result.content.metaTitle}</Definition>
              <Definition label={`Meta description (${result.content.metaDescription.length} characters)`}>
                {result.content.metaDescription}
              </Definition>
              <Definition label="Description">{result.content.description}</Definition>
            </dl>
          </GeneratedBox>
        )
      }
    >
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
    </ToolFrame>
  );
}
