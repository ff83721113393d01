/**
 * Astro integration: after the build, hash every inline script of every page and add the page
 * Content-Security-Policy to dist/_headers (Cloudflare Pages applies it to the static pages and to
 * what the page functions serve from them).
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
        const block = Object.entries(headers)
          .map(([name, value]) => `  ${name}: ${value}\n`)
          .join('');
        await appendFile(path.join(out, '_headers'), `\n# Added by the build (src/features/site/security-headers.build.ts)\n/*\n${block}`);
        logger.info(`Content-Security-Policy: ${sorted.length} inline script hashes`);
      },
    },
  };
}
