/**
 * Security headers. Pages get a Content-Security-Policy whose script-src allows the
 * shop's own files and, by hash, exactly the inline scripts the build emitted (Astro's island
 * loaders and the age gate's pre-paint check) — no 'unsafe-inline' for scripts. Styles keep
 * 'unsafe-inline': React renders style attributes, and CSS cannot run code.
 */
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

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/plain|importmap)\b/i;

/** The bodies of the inline scripts a page would run (not src=, not JSON-LD or other data blocks). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || DATA_TYPE.test(attrs)) continue;
    out.push(m[2] ?? '');
  }
  return out;
}

/** CSP source expression for a script body: 'sha256-<base64>' of its exact UTF-8 bytes. */
export async function scriptHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}
