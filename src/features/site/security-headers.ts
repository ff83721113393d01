/**
 * Security headers. Pages get a Content-Security-Policy whose script-src allows the
 * shop's own files and, by hash, exactly the inline scripts the build emitted (Astro's island
 * loaders and the age gate's pre-paint check) — no 'unsafe-inline' for scripts. Styles keep
 * 'unsafe-inline': React renders style attributes, and CSS cannot run code.
 */
import { Parser } from 'htmlparser2';

export const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
} as const;

/** JSON answers are data: nothing in them may load, run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function pageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    // Product images may be set to any https address by staff; uploads are same-origin.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Script types that make a data block, which the browser never runs. */
const DATA_TYPES = new Set(['application/json', 'application/ld+json', 'text/plain', 'importmap']);

/**
 * The bodies of the inline scripts a page would run (not src=, not JSON-LD or other data blocks),
 * exactly as written, since their hashes are of those characters.
 */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  let bodyFrom = -1;
  const parser: Parser = new Parser({
    onopentag(name, attribs) {
      const type = attribs.type?.trim().toLowerCase() ?? '';
      if (name === 'script' && attribs.src === undefined && !DATA_TYPES.has(type)) bodyFrom = parser.endIndex + 1;
    },
    onclosetag(name) {
      if (name !== 'script' || bodyFrom < 0) return;
      // At an end tag, the parser's start index is the end tag's '<': the body ends there.
      out.push(html.slice(bodyFrom, parser.startIndex));
      bodyFrom = -1;
    },
  });
  parser.end(html);
  return out;
}

/** CSP source expression for a script body: 'sha256-<base64>' of its exact UTF-8 bytes. */
export async function scriptHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** Referrer policies stricter than the base one; a page that chose one of them keeps it. */
const STRICTER_REFERRER_POLICIES = new Set(['no-referrer', 'same-origin']);

/** The security headers of a page whose HTML is `html`: the base ones, and a CSP allowing its inline scripts by hash. */
export async function pageSecurityHeaders(html: string): Promise<Record<string, string>> {
  return { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': pageCsp(await Promise.all(inlineScripts(html).map(scriptHash))) };
}

/**
 * `res` with the security headers a static page gets from _headers, for HTML a function answers:
 * Cloudflare applies _headers to static files only, never to a function's response, even one it
 * passes on from ASSETS. The CSP is computed from the very HTML sent. A bodiless answer (304, HEAD)
 * gets no CSP, since a 304's headers replace the stored page's and the page's hashes are not known.
 */
export async function withPageSecurity(res: Response): Promise<Response> {
  if (!/^text\/html\b/i.test(res.headers.get('content-type') ?? '')) return res;
  const headers = new Headers(res.headers);
  const html = res.body === null ? null : await res.text();
  const secure = html === null ? { ...BASE_SECURITY_HEADERS } : await pageSecurityHeaders(html);
  for (const [name, value] of Object.entries(secure)) {
    if (name === 'Referrer-Policy' && STRICTER_REFERRER_POLICIES.has(headers.get(name) ?? '')) continue;
    headers.set(name, value);
  }
  return new Response(html, { status: res.status, statusText: res.statusText, headers });
}
