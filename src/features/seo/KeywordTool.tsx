/** The SEO manager's keyword tool (admin.md §2): keywords around a seed. */
import { type SubmitEvent, useId, useState } from 'react';
import { primaryButton, TextField } from '../../components/admin/AdminKit.tsx';
import { ComplianceNote, type GeneratedMeta, KeywordList, ResultBox, SourceNote, ToolSection, useToolForm } from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { KeywordInput } from './seo.schema.ts';
import { type KeywordData, SEO } from './seo.ts';
import type { Runner } from './seo-ui.ts';

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
