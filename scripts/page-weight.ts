/**
 * `npm run weigh [-- dist page...] [--modules] [--staff]`: the gzipped JavaScript and HTML each built page ships
 * (a build's static pages, in dist/client; `dist` or `dist/client` may be named).
 *
 * Two numbers per page, each counting a module once:
 *
 * - First-load JS (`jsGzip`; its budget is in docs/decisions/0009; the same notion as Next.js's
 *   "First Load JS"): what the browser fetches to make the page work when it opens. That is the inline scripts
 *   (Astro's island loaders, the age-gate check), every `<script src>` and `<link rel="modulepreload">`,
 *   every island's component and renderer module (whatever its client: directive: an island that
 *   hydrates on idle, media or visibility is still part of the page), and everything those modules
 *   import statically, transitively.
 * - All reachable JS (`allJsGzip`): the above plus whatever the page can still fetch later through a
 *   dynamic `import()` (transitively, with those modules' own static imports): code loaded on demand
 *   when the shopper acts, such as opening the cart drawer or a quick view, or only for some visitors
 *   (the age-gate dialog for one not yet verified).
 *
 * `--modules` also lists each module with its gzipped size and whether it is first-load or on demand.
 * `--staff` checks every built page instead: it lists the staff-only modules and names any shopper
 * page that can reach one (exit 1 when one does).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ACCEPT_PATH } from '../src/features/staff/staff-links.ts';
import { ADMIN_PAGE_PATHS } from '../src/server/pages/site-routes.ts';
import { ROOT } from './lib/stack.ts';

/** The sign-in page and the one-time link page (D37) are staff pages too, though they need no session. */
const STAFF_OPEN_PAGES: readonly string[] = ['/admin-login', ACCEPT_PATH];

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

export interface ModuleWeight {
  url: string;
  gzip: number;
  /** False for a module reached only through a dynamic import(). */
  firstLoad: boolean;
}

export interface PageWeight {
  page: string;
  htmlGzip: number;
  /** First-load JS, gzipped bytes: inline scripts plus the modules fetched when the page opens. */
  jsGzip: number;
  /** All reachable JS, gzipped bytes: first-load JS plus every module reachable through import(). */
  allJsGzip: number;
  /** How many module files first-load JS counts. */
  modules: number;
  /** How many module files all reachable JS counts. */
  allModules: number;
  /** Every module counted, first-load ones first, each group in the order reached. */
  moduleWeights: ModuleWeight[];
}

function htmlFileFor(dist: string, page: string): string {
  const clean = page.replace(/^\/|\/$/g, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
  const found = candidates.map((c) => path.join(dist, c)).find((f) => existsSync(f));
  if (!found) throw new Error(`No built page for ${page} in ${dist}`);
  return found;
}

/** Relative specifiers a built module imports: static (`import "x"`, `from "x"`) and dynamic (`import("x")`). */
function importsOf(code: string): { staticImports: string[]; dynamicImports: string[] } {
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  for (const m of code.matchAll(/\b(import|from)\s*(\(?)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    const specifier = m[3] ?? '';
    if (m[1] === 'import' && m[2] === '(') dynamicImports.push(specifier);
    else staticImports.push(specifier);
  }
  return { staticImports, dynamicImports };
}

/** `html`: the page as served, when it is not the built file alone (/search draws its results in). */
export function weighPage(dist: string, page: string, html = readFileSync(htmlFileFor(dist, page), 'utf8')): PageWeight {
  let inlineGzip = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!/type="application\/(ld\+)?json"/.test(m[0]) && m[1]?.trim()) inlineGzip += gz(m[1]);
  }
  const roots = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ];

  const weights = new Map<string, ModuleWeight>();
  const code = new Map<string, string>();
  const read = (url: string): string | null => {
    if (!code.has(url)) {
      const file = path.join(dist, url);
      code.set(url, existsSync(file) ? readFileSync(file, 'utf8') : '');
    }
    return code.get(url) || null;
  };
  // Breadth-first from the given modules along static imports; dynamic imports are returned for the next pass.
  const walk = (start: string[], firstLoad: boolean): string[] => {
    const later: string[] = [];
    const queue = [...start];
    while (queue.length) {
      const url = queue.shift() ?? '';
      if (!url.startsWith('/') || weights.has(url)) continue;
      const text = read(url);
      if (text == null) continue;
      weights.set(url, { url, gzip: gz(text), firstLoad });
      const { staticImports, dynamicImports } = importsOf(text);
      const resolve = (s: string) => path.posix.join(path.posix.dirname(url), s);
      queue.push(...staticImports.map(resolve));
      later.push(...dynamicImports.map(resolve));
    }
    return later;
  };

  let pending = walk(roots, true);
  while (pending.length) pending = walk(pending, false);

  const moduleWeights = [...weights.values()].sort((a, b) => Number(b.firstLoad) - Number(a.firstLoad));
  const first = moduleWeights.filter((m) => m.firstLoad);
  const sum = (ms: readonly ModuleWeight[]) => ms.reduce((n, m) => n + m.gzip, 0);
  return {
    page,
    htmlGzip: gz(html),
    jsGzip: inlineGzip + sum(first),
    allJsGzip: inlineGzip + sum(moduleWeights),
    modules: first.length,
    allModules: moduleWeights.length,
    moduleWeights,
  };
}

/**
 * The components both sides share, by file name (src/components/ui and src/components/store). The
 * staff kit (src/components/admin) is staff-only: a shopper page that reaches it is a leak.
 */
const SHARED_COMPONENTS = new Set(
  ['ui', 'store'].flatMap((kit) =>
    readdirSync(path.join(ROOT, 'src', 'components', kit), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.basename(f).replace(/\.tsx?$/, '')),
  ),
);

/** Every built page, as its path ('/', '/deals', '/product/1'). */
function builtPages(dist: string): string[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html') && !f.startsWith('_astro'))
    .map(
      (f) =>
        `/${f
          .replace(/\\/g, '/')
          .replace(/(?:^|\/)index\.html$/, '')
          .replace(/\.html$/, '')}`,
    );
}

const islandModules = (dist: string, page: string): string[] =>
  [...readFileSync(htmlFileFor(dist, page), 'utf8').matchAll(/\bcomponent-url="([^"]+)"/g)].map((m) => m[1] ?? '');

export interface StaffJsCheck {
  /** The staff-only modules: the staff pages' islands and what they load on demand, less any island a shopper page mounts too. */
  staffModules: ModuleWeight[];
  /** Shopper pages checked, and those that reach a staff-only module (first load or on demand), with the modules. */
  shopperPages: number;
  leaks: { page: string; modules: string[] }[];
}

/**
 * The admin's JavaScript stays out of every shopper page: no module that only staff pages load
 * (their islands, the Reports tab's charts fetched when it opens, ...) is reachable from any page
 * a shopper can open, even on demand.
 */
export function staffJsCheck(dist: string): StaffJsCheck {
  const all = builtPages(dist);
  const isStaff = (p: string) => STAFF_OPEN_PAGES.includes(p) || ADMIN_PAGE_PATHS.some((a) => p === a || p.startsWith(`${a}/`));
  const staffPages = all.filter(isStaff);
  const shopperPages = all.filter((p) => !isStaff(p));
  const shopperIslands = new Set(shopperPages.flatMap((p) => islandModules(dist, p)));
  const staff = new Map<string, ModuleWeight>();
  for (const page of staffPages) {
    const islands = new Set(islandModules(dist, page).filter((m) => !shopperIslands.has(m)));
    for (const m of weighPage(dist, page).moduleWeights) if (islands.has(m.url) || !m.firstLoad) staff.set(m.url, m);
  }
  for (const island of shopperIslands) staff.delete(island);
  // Design-system parts (src/components) serve both sides, e.g. the toaster the store loads on
  // demand; Vite names a chunk after its entry module, so a chunk named after one is shared.
  for (const url of staff.keys()) if (SHARED_COMPONENTS.has(path.basename(url).split('.')[0] ?? '')) staff.delete(url);
  const leaks = shopperPages
    .map((page) => ({
      page,
      modules: weighPage(dist, page)
        .moduleWeights.filter((m) => staff.has(m.url))
        .map((m) => m.url),
    }))
    .filter((l) => l.modules.length > 0);
  return { staffModules: [...staff.values()], shopperPages: shopperPages.length, leaks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const listModules = args.includes('--modules');
  const [distArg, ...pages] = args.filter((a) => !a.startsWith('--'));
  // A build's static files are in <out>/client (the Worker is in <out>/server): either may be named.
  const named = path.resolve(ROOT, distArg ?? 'dist');
  const dist = existsSync(path.join(named, 'client')) ? path.join(named, 'client') : named;
  if (args.includes('--staff')) {
    const check = staffJsCheck(dist);
    const kb = (n: number) => (n / 1024).toFixed(1);
    const total = check.staffModules.reduce((n, m) => n + m.gzip, 0);
    console.log(`Staff-only JS: ${check.staffModules.length} modules, ${kb(total)} KB gzipped:`);
    for (const m of check.staffModules.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${path.basename(m.url, '.js')} ${kb(m.gzip)}`);
    console.log(`Shopper pages checked: ${check.shopperPages}; pages that reach any staff-only module: ${check.leaks.length || 'none'}`);
    for (const l of check.leaks) console.log(`  ${l.page}: ${l.modules.join(', ')}`);
    process.exit(check.leaks.length ? 1 : 0);
  }
  const rows = (pages.length ? pages : ['/']).map((p) => weighPage(dist, p));
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.table(
    rows.map((r) => ({
      page: r.page,
      'first-load JS gzip (KB)': kb(r.jsGzip),
      modules: r.modules,
      'all reachable JS gzip (KB)': kb(r.allJsGzip),
      'all modules': r.allModules,
      'HTML gzip (KB)': kb(r.htmlGzip),
    })),
  );
  if (listModules) {
    for (const r of rows) {
      const line = (first: boolean) =>
        r.moduleWeights
          .filter((m) => m.firstLoad === first)
          .sort((a, b) => b.gzip - a.gzip)
          .map((m) => `${path.basename(m.url, '.js')} ${kb(m.gzip)}`)
          .join(', ');
      console.log(`\n${r.page}\n  first load: ${line(true)}\n  on demand:  ${line(false) || '(none)'}`);
    }
  }
}
