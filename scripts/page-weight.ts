/**
 * `npm run weigh [-- dist page...]`: the gzipped JavaScript and HTML each built page ships:
 * inline scripts, <script src>, island component and renderer modules, and every module they import
 * (statically or dynamically), counted once per page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/stack.ts';

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

export interface PageWeight {
  page: string;
  htmlGzip: number;
  jsGzip: number;
  modules: number;
}

function htmlFileFor(dist: string, page: string): string {
  const clean = page.replace(/^\/|\/$/g, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
  const found = candidates.map((c) => path.join(dist, c)).find((f) => existsSync(f));
  if (!found) throw new Error(`No built page for ${page} in ${dist}`);
  return found;
}

export function weighPage(dist: string, page: string): PageWeight {
  const html = readFileSync(htmlFileFor(dist, page), 'utf8');
  let jsGzip = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!/type="application\/(ld\+)?json"/.test(m[0]) && m[1]?.trim()) jsGzip += gz(m[1]);
  }
  const seen = new Set<string>();
  const queue = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ];
  while (queue.length) {
    const url = queue.shift() ?? '';
    if (!url.startsWith('/') || seen.has(url)) continue;
    seen.add(url);
    const file = path.join(dist, url);
    if (!existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    jsGzip += gz(code);
    for (const m of code.matchAll(/(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1] ?? ''));
    }
  }
  return { page, htmlGzip: gz(html), jsGzip, modules: seen.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [distArg, ...pages] = process.argv.slice(2);
  const dist = path.resolve(ROOT, distArg ?? 'dist');
  const rows = (pages.length ? pages : ['/']).map((p) => weighPage(dist, p));
  console.table(
    rows.map((r) => ({
      page: r.page,
      'JS gzip (KB)': (r.jsGzip / 1024).toFixed(1),
      modules: r.modules,
      'HTML gzip (KB)': (r.htmlGzip / 1024).toFixed(1),
    })),
  );
}
