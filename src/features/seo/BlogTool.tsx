/** The SEO manager's blog tool (admin.md §2): a post drafted on a topic. */
import { type SubmitEvent, useId, useState } from 'react';
import { Field, inputClass, primaryButton, SelectField, TextField } from '../../components/admin/AdminKit.tsx';
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
import { BlogInput } from './seo.schema.ts';
import { BLOG_WORD_COUNTS, type BlogContent, SEO } from './seo.ts';
import { countWords } from './seo-text.ts';
import type { Runner } from './seo-ui.ts';

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
        <TextField
          id={`${id}-topic`}
          label="Topic"
          error={errors.topic || undefined}
          value={form.topic}
          onChange={set('topic')}
          maxLength={SEO.limits.topic}
        />
        <TextField
          id={`${id}-keywords`}
          label="Keywords"
          hint="Separated by commas."
          error={errors.keywords || undefined}
          value={form.keywords}
          onChange={set('keywords')}
          maxLength={SEO.limits.keywords}
        />
        <SelectField id={`${id}-words`} label="Word count" value={form.wordCount} onChange={set('wordCount')}>
          {BLOG_WORD_COUNTS.map((n) => (
            <option key={n} value={n}>
              {n} words
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-location`}
          label="Location"
          error={errors.targetLocation || undefined}
          value={form.targetLocation}
          onChange={set('targetLocation')}
          maxLength={SEO.limits.location}
        />
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
