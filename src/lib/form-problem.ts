/**
 * A form's failed post, as the API hands it to the page that shows it (src/pages/internal/
 * form-problem.astro), and the box that says what went wrong above a form
 * (docs/decisions/0012-forms-before-scripts.md).
 */
import * as v from 'valibot';
import { escapeHtml } from './html.ts';

/** The page that draws a form's page with its problem; no route of the Worker leads there from outside. */
export const FORM_PROBLEM_PATH = '/internal/form-problem';

/** The pages whose forms a browser may post itself, before or without their island's script. */
export const FORM_PAGES = ['/contact', '/admin-login', '/staff/accept'] as const;
export type FormPage = (typeof FORM_PAGES)[number];

/** A posted value is at most the form's whole body (formBodyLimit); a name or a message is short. */
const VALUE_MAX = 16 * 1024;
const NAME_MAX = 100;
const MESSAGE_MAX = 1000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const FormProblem = v.object({
  page: v.picklist(FORM_PAGES),
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  message: text(MESSAGE_MAX),
  /** Each field's error, by field name. */
  fields: v.optional(v.record(text(NAME_MAX), text(MESSAGE_MAX)), {}),
  /** What to put back into the form, by input name (never a password). */
  values: v.optional(v.record(text(NAME_MAX), text(VALUE_MAX)), {}),
});
export type FormProblem = v.InferInput<typeof FormProblem>;

/** What the problem box says: a message, then each field's own words that differ from it. */
export interface ProblemWords {
  message: string;
  details?: readonly string[];
}

/** The problem box's classes; Tailwind finds them here when it scans the sources. */
const PROBLEM_CLASS = 'mb-4 rounded-lg border border-red-600 bg-red-50 p-4 text-sm text-red-700';

/** The problem box's HTML: the one markup for the form pages (ProblemBox.astro) and the API's bare fallback page. */
export function problemHtml({ message, details = [] }: ProblemWords): string {
  const list = details.filter((m) => m !== message);
  const items = list.length ? `<ul class="mt-2 list-disc pl-5">${list.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>` : '';
  return `<div role="alert" class="${PROBLEM_CLASS}"><p class="font-semibold">${escapeHtml(message)}</p>${items}</div>`;
}

/** The box's words for a failed post. */
export const problemWords = (p: Pick<FormProblem, 'message' | 'fields'>): ProblemWords => ({
  message: p.message,
  details: Object.values(p.fields ?? {}),
});
