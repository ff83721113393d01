/** The SEO manager's keyword tool (admin.md §2): keywords around a seed. */
import { useId } from 'react';
import { TextField } from '../../components/admin/AdminKit.tsx';
import { GeneratedBox, KeywordList, ToolFrame, useToolRun } from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { KeywordInput } from './seo.schema.ts';
import { SEO } from './seo.ts';
import type { Runner } from './seo-ui.ts';

export function KeywordTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, result, submit } = useToolRun(runner, 'keywords', {
    initial: { seedKeywords: '', location: SEO.defaultLocation },
    schema: KeywordInput,
    // admin.md §7: the business type is always 'Cannabis Dispensary'.
    request: (form) => ({ ...form, businessType: SEO.businessType }),
    call: seoApi.keywords,
    keep: (answer) => ({ data: answer.keywordData, meta: answer }),
  });

  return (
    <ToolFrame
      title="Keyword Research"
      intro="Primary, long-tail and local keywords from a few seed keywords."
      formRef={formRef}
      onSubmit={submit}
      formClass="grid gap-4 sm:grid-cols-[2fr_2fr_auto] sm:items-end"
      submitLabel={runner.busy === 'keywords' ? 'Researching...' : 'Research keywords'}
      busy={runner.busy !== null}
      result={
        result && (
          <GeneratedBox title="Keyword research" meta={result.meta}>
            <KeywordList label="Primary keywords" items={result.data.primaryKeywords} />
            <KeywordList label="Long-tail keywords" items={result.data.longTailKeywords} />
            <KeywordList label="Local keywords" items={result.data.localKeywords} />
          </GeneratedBox>
        )
      }
    >
      <TextField
        id={`${id}-seeds`}
        label="Seed keywords"
        hint="Separated by commas."
        error={errors.seedKeywords || undefined}
        value={form.seedKeywords}
        onChange={set('seedKeywords')}
        maxLength={SEO.limits.seedKeywords}
      />
      <TextField
        id={`${id}-location`}
        label="Location"
        error={errors.location || undefined}
        value={form.location}
        onChange={set('location')}
        maxLength={SEO.limits.location}
      />
    </ToolFrame>
  );
}
