/**
 * Astro integration: after the build, hash every inline script of every page and add the page
 * Content-Security-Policy to dist/_headers. Cloudflare applies it to the static files only; what
 * the function answers gets its headers from withPageSecurity (security-headers.ts).
 */
import { appendFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BASE_SECURITY_HEADERS, inlineScripts, pageCsp, scriptHash } from './security-headers.ts';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Cloudflare's limit on one header of _headers, "a maximum of 2,000 characters"
 * (https://developers.cloudflare.com/pages/platform/limits/, checked 2026-11-28), counted here as
 * the whole `Name: value` line so no reading of it is exceeded: the build stops instead.
 */
export const MAX_HEADER_LENGTH = 2000;

export function securityHeaders(): AstroIntegration {
  return {
    name: 'greenline:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of await htmlFiles(out)) {
          for (const body of inlineScripts(await readFile(file, 'utf8'))) hashes.add(await scriptHash(body));
        }
        const sorted = [...hashes].sort();
        const headers = { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': pageCsp(sorted) };
        for (const [name, value] of Object.entries(headers)) {
          const length = `${name}: ${value}`.length;
          if (length > MAX_HEADER_LENGTH) {
            throw new Error(
              `${name} for dist/_headers is ${length} characters, over Cloudflare's limit of ${MAX_HEADER_LENGTH}: ` +
                'fewer distinct inline scripts, or set the header from the function instead.',
            );
          }
        }
        const block = Object.entries(headers)
          .map(([name, value]) => `  ${name}: ${value}\n`)
          .join('');
        await appendFile(path.join(out, '_headers'), `\n# Added by the build (src/features/site/security-headers.build.ts)\n/*\n${block}`);
        logger.info(`Content-Security-Policy: ${sorted.length} inline script hashes`);
      },
    },
  };
}
