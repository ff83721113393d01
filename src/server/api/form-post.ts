/**
 * Forms that work before their island's script has run, or without it: the browser posts the form
 * itself (application/x-www-form-urlencoded) and expects a page back, not JSON. Success is a 303 to
 * a page. A failure is the form's own built page, with the problem drawn above the form and what
 * the person typed put back into its fields, so nothing personal ever travels in a URL
 * (docs/decisions/0012-forms-before-scripts.md).
 */
import type { Context } from 'hono';
import { spliceIsland, TemplateMismatch } from '../../features/publish/draw.ts';
import { withPageSecurity } from '../../features/site/security-headers.ts';
import { escapeHtml } from '../../lib/html.ts';
import { HttpError, type HttpErrorStatus } from '../../lib/http-error.ts';
import { fetchFrom } from '../platform.ts';
import type { AppEnv } from './env.ts';
import { limitBody } from './validate.ts';

/** The classes of the problem box; Tailwind finds them here when it scans the sources. */
const PROBLEM_CLASS = 'mb-4 rounded-lg border border-red-600 bg-red-50 p-4 text-sm text-red-700';

/** Largest body a form route takes, as JSON or as a form post; a contact message is at most a few KB. */
const FORM_MAX_BYTES = 16 * 1024;

/** Refuses a larger body (413) before it is read, whichever way it is sent. */
export const formBodyLimit = limitBody(FORM_MAX_BYTES);

/** Where a form lives and which of its fields are put back after a failed post. */
export interface FormPlace {
  /** The built page the form lives on, e.g. '/contact'. */
  page: string;
  /** The name of the island that holds the form (its component's): the problem is drawn just before it. */
  island: string;
  /** The inputs whose values are put back (never a password). */
  keep: readonly string[];
}

/**
 * Answers a browser's form post: `run` does what the island's JSON call would and returns where
 * to go next (303); an HttpError it throws becomes the form's page with that problem drawn in.
 */
export async function answerFormPost(c: Context<AppEnv>, place: FormPlace, run: (fields: Record<string, string>) => Promise<string>) {
  const fields = await formFields(c);
  try {
    return c.redirect(await run(fields), 303);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const values = Object.fromEntries(place.keep.map((name) => [name, fields[name] ?? '']));
    return formProblemPage(c, { ...place, status: err.status, message: err.message, fields: err.fields ?? {}, values });
  }
}

/** True when the body is a browser's own form post rather than the island's JSON. */
export function isFormPost(c: Context): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');
}

/** The posted fields that are text (a form post carries nothing else here). */
async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export interface FormProblem extends Omit<FormPlace, 'keep'> {
  status: HttpErrorStatus;
  message: string;
  /** Each field's error, by field name. */
  fields?: Record<string, string>;
  /** What to put back into the form, by input name (never a password). */
  values?: Record<string, string>;
}

/** The problem box drawn above a form: the message, then each field's own words that differ from it. */
export function problemHtml(message: string, details: readonly string[] = []): string {
  const list = details.filter((m) => m !== message);
  const items = list.length ? `<ul class="mt-2 list-disc pl-5">${list.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>` : '';
  return `<div role="alert" class="${PROBLEM_CLASS}"><p class="font-semibold">${escapeHtml(message)}</p>${items}</div>`;
}

const problemOf = (p: FormProblem) => problemHtml(p.message, Object.values(p.fields ?? {}));

/** The built page with the problem drawn just before the form's island and the values put back into its fields. */
function drawFormProblem(html: string, p: FormProblem): string {
  return spliceIsland(html, p, () => ({ before: problemOf(p), values: p.values ?? {} }));
}

/**
 * The form's page with the problem drawn in. The island reads its fields' values from the page when
 * it hydrates, so what is put back here survives the script arriving. Without the built pages (the
 * API alone, as in its tests), or when the page is not as expected, the answer is a bare page with
 * the same words.
 */
async function formProblemPage(c: Context<AppEnv>, p: FormProblem): Promise<Response> {
  const assets = c.env.ASSETS;
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  const built = assets ? await fetchFrom(assets, new URL(p.page, c.req.url)) : null;
  if (built?.ok) {
    try {
      const page = drawFormProblem(await built.text(), p);
      // The page's own policy (the API's would block its styles and scripts).
      return withPageSecurity(new Response(page, { status: p.status, headers }));
    } catch (err) {
      if (!(err instanceof TemplateMismatch)) throw err;
      console.error('Drawing the form page failed', err);
    }
  }
  const body = `<!doctype html><html lang="en"><title>${escapeHtml(p.message)}</title>${problemOf(p)}<a href="${p.page}">Back to the form</a></html>`;
  return new Response(body, { status: p.status, headers });
}
