/** The SEO manager's audit tool (admin.md §2): a page's SEO checked and scored. */
import { useId } from 'react';
import { describedBy, Field, inputClass, SelectField, TextField } from '../../components/admin/AdminKit.tsx';
import { ResultBox, SourceNote, ToolFrame, useToolRun } from './SeoToolParts.tsx';
import { seoApi } from './seo.api.ts';
import { AuditInput } from './seo.schema.ts';
import { PAGE_TYPES, SEO } from './seo.ts';
import type { Runner } from './seo-ui.ts';

export function AuditTool({ runner }: { runner: Runner }) {
  const id = useId();
  const { formRef, form, errors, set, result, submit } = useToolRun(runner, 'audit', {
    initial: { url: '', pageType: SEO.defaultPageType as string, content: '' },
    schema: AuditInput,
    request: (form) => ({ url: form.url, pageType: form.pageType, ...(form.content.trim() ? { content: form.content } : {}) }),
    call: seoApi.audit,
    keep: (answer) => ({ audit: answer.auditResults, source: answer.source, notice: answer.notice }),
  });
  const a = result?.audit;

  return (
    <ToolFrame
      title="SEO Audit"
      intro="Checks one of the shop's pages (a path such as /product/1, or its full address) or pasted content: title, meta description, H1, canonical link, structured data, image alt text, length and links."
      formRef={formRef}
      onSubmit={submit}
      formClass="flex flex-col gap-4"
      submitLabel={runner.busy === 'audit' ? 'Auditing...' : 'Audit page'}
      submitRow=""
      busy={runner.busy !== null}
      result={
        a &&
        result && (
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
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
        <TextField
          id={`${id}-url`}
          label="Page URL"
          error={errors.url || undefined}
          value={form.url}
          onChange={set('url')}
          placeholder="/product/1"
          maxLength={SEO.limits.url}
        />
        <SelectField id={`${id}-type`} label="Page type" value={form.pageType} onChange={set('pageType')}>
          {PAGE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t.charAt(0).toUpperCase() + t.slice(1)}
            </option>
          ))}
        </SelectField>
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
    </ToolFrame>
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
