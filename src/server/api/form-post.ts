/**
 * Forms that work before their island's script has run, or without it: the browser posts the form
 * itself (application/x-www-form-urlencoded) and expects a page back, not JSON. Success is a 303 to
 * a page. A failure is the form's own page, rendered by Astro with the problem above the form and
 * what the person typed back in its fields, so nothing personal ever travels in a URL
 * (docs/decisions/0012-forms-before-scripts.md).
 */
import type { Context } from 'hono';
import { withPageSecurity } from '../../features/site/security-headers.ts';
import { FORM_PROBLEM_PATH, type FormPage, type FormProblem, problemHtml, problemWords } from '../../lib/form-problem.ts';
import { escapeHtml } from '../../lib/html.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppEnv } from './env.ts';
import { limitBody } from './validate.ts';

/** Largest body a form route takes, as JSON or as a form post; a contact message is at most a few KB. */
const FORM_MAX_BYTES = 16 * 1024;

/** Refuses a larger body (413) before it is read, whichever way it is sent. */
export const formBodyLimit = limitBody(FORM_MAX_BYTES);

/** Where a form lives and which of its fields are put back after a failed post. */
export interface FormPlace {
  /** The page the form lives on. */
  page: FormPage;
  /** The inputs whose values are put back (never a password). */
  keep: readonly string[];
}

/**
 * Answers a browser's form post: `run` does what the island's JSON call would and returns where
 * to go next (303); an HttpError it throws becomes the form's page with that problem.
 */
export async function answerFormPost(c: Context<AppEnv>, place: FormPlace, run: (fields: Record<string, string>) => Promise<string>) {
  const fields = await formFields(c);
  try {
    return c.redirect(await run(fields), 303);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const values = Object.fromEntries(place.keep.map((name) => [name, fields[name] ?? '']));
    const problem = { page: place.page, status: err.status, message: err.message, fields: err.fields ?? {}, values };
    const res = await formProblemPage(c, problem);
    // Retry-After on a 429, say.
    for (const [name, value] of Object.entries(err.headers)) res.headers.set(name, value);
    return res;
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

/**
 * The form's page with the problem, rendered by Astro in this request: the problem goes in the
 * body of an internal post, never in an address. Served no-store (it holds what the person typed)
 * with the page's own security headers, since the API's policy would block its styles and scripts.
 * Without Astro (the API alone, as in its tests), or if the rendering fails, the answer is a bare
 * page with the same words.
 */
async function formProblemPage(c: Context<AppEnv>, p: FormProblem & { status: HttpError['status'] }): Promise<Response> {
  const render = c.var.renderPage;
  if (render) {
    try {
      const res = await render(
        new Request(new URL(FORM_PROBLEM_PATH, c.req.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(p),
        }),
      );
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== p.status || !/^text\/html\b/i.test(type)) {
        // Not its body: the page may hold what the person typed.
        throw new Error(`${FORM_PROBLEM_PATH} answered ${res.status} ${type}`);
      }
      return await withPageSecurity(
        new Response(res.body, { status: p.status, headers: { 'content-type': type, 'cache-control': 'no-store' } }),
      );
    } catch (err) {
      console.error(`Rendering the problem page of ${p.page} failed`, err);
    }
  }
  const body = `<!doctype html><html lang="en"><title>${escapeHtml(p.message)}</title>${problemHtml(problemWords(p))}<a href="${p.page}">Back to the form</a></html>`;
  return new Response(body, { status: p.status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
