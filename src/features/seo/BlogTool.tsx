/** The SEO manager's blog tool (admin.md §2): a post drafted on a topic. */
import { useId } from 'react';
import { Field, inputClass, SelectField, TextField } from '../../components/admin/AdminKit.tsx';
import { Definition, GeneratedBox, generateLabel, ToolFrame, useToolRun } from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { BlogInput } from './seo.schema.ts';
import { BLOG_WORD_COUNTS, SEO } from './seo.ts';
import { countWords } from './seo-text.ts';
import type { Runner } from './seo-ui.ts';

export function BlogTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, result, submit } = useToolRun(runner, 'blog', {
    initial: {
      topic: '',
      keywords: '',
      wordCount: String(SEO.defaultWordCount),
      targetLocation: SEO.defaultLocation,
    },
    clearTogether: ['topic', 'keywords'],
    schema: BlogInput,
    // admin.md §5: the word count is sent as a whole number.
    request: (form) => ({ ...form, wordCount: Number.parseInt(form.wordCount, 10) }),
    call: seoApi.blog,
    keep: (answer) => ({ content: answer.blogContent, meta: answer }),
  });

  return (
    <ToolFrame
      title="Blog Content"
      intro="A blog post draft with its title and meta description."
      formRef={formRef}
      onSubmit={submit}
      formClass="grid gap-4 sm:grid-cols-2"
      submitLabel={generateLabel(runner, 'blog', 'Generate blog post')}
      submitRow="sm:col-span-2"
      busy={runner.busy !== null}
      result={
        result && (
          <GeneratedBox title={result.content.title} meta={result.meta}>
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
          </GeneratedBox>
        )
      }
    >
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
    </ToolFrame>
  );
}
