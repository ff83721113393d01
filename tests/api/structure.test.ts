/**
 * The import graph of src/ and functions/ (README, "Where things are"; docs/decisions/0019): no
 * cycles between files or between folders, layers in the order decision 0019 writes down,
 * design-system primitives that know nothing of the shop, a database layer that knows no feature,
 * server code that imports no UI, a Worker entry (functions/) that only adapts src/server to the
 * platform, and no client code that reaches a `.server.ts` module. Imports are read with
 * a regular expression (static, `export … from`, side-effect and dynamic `import()`), which is
 * enough for code written in one style and fails loudly on anything it cannot resolve.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
const FUNCTIONS = path.join(ROOT, 'functions');
const CODE = /\.(ts|tsx|astro)$/;
const IMPORT = /\b(?:import|export)\s*(type\s+)?(?:[\w*${},\s]+?\s+from\s*)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : CODE.test(name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file);

/** `typeOnly`: an `import type` or `export type`, which TypeScript erases. */
function imports(source: string): { specifier: string; typeOnly: boolean }[] {
  return [...source.matchAll(IMPORT)].map((m) => ({ specifier: (m[2] ?? m[3]) as string, typeOnly: m[1] != null }));
}

const specifiers = (source: string) => imports(source).map((i) => i.specifier);

/** What a relative specifier names on disk; undefined for anything that is not code (CSS, JSON). */
function resolve(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return CODE.test(candidate) ? candidate : undefined;
  }
  throw new Error(`${rel(from)}: cannot resolve '${specifier}'`);
}

/**
 * Every src file with the src files it imports: `edges` all of them, `runtimeEdges` without the
 * type-only ones, and `clientEdges` those of an .astro file's <script> blocks.
 */
function graph() {
  const edges = new Map<string, string[]>();
  const runtimeEdges = new Map<string, string[]>();
  const clientEdges = new Map<string, string[]>();
  const targets = (file: string, source: string, withTypes = true) =>
    imports(source)
      .filter((i) => i.specifier.startsWith('.') && (withTypes || !i.typeOnly))
      .map((i) => resolve(file, i.specifier))
      .filter((t): t is string => t !== undefined);
  for (const file of [...walk(SRC), ...walk(FUNCTIONS)]) {
    const source = readFileSync(file, 'utf8');
    edges.set(file, targets(file, source));
    runtimeEdges.set(file, targets(file, source, false));
    if (file.endsWith('.astro')) {
      const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
      clientEdges.set(file, targets(file, scripts));
    }
  }
  return { edges, runtimeEdges, clientEdges };
}

/** One cycle per back edge met by a depth-first walk, each as the files around the loop. */
function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...edges.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

/** Every file reachable from `start` through `edges`, `start` included. */
function reachable(start: string[], edges: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...(edges.get(file) ?? []));
  }
  return seen;
}

/**
 * The folder a file belongs to for layering: `features/<area>` and `components/<kit>` are one
 * folder each; anything else is its top-level folder under src/ (db, lib, server, pages, layouts).
 */
function folderOf(file: string): string {
  if (file.startsWith(FUNCTIONS + path.sep)) return 'functions';
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'features' || parts[0] === 'components' ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

/** The folder graph of `edges`: one edge per pair of folders a file import joins. */
function folderGraph(fileEdges: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of fileEdges) {
    const from = folderOf(file);
    const to = folders.get(from) ?? new Set<string>();
    for (const t of targets) if (folderOf(t) !== from) to.add(folderOf(t));
    folders.set(from, to);
  }
  return new Map([...folders].map(([folder, to]) => [folder, [...to].sort()]));
}

/** Each import from a file in `from` (a folder under src/) that `allowed` refuses, as 'file -> target'. */
function importsBreaking(fileEdges: Map<string, string[]>, from: string, allowed: (target: string) => boolean): string[] {
  const root = path.join(SRC, from) + path.sep;
  return [...fileEdges]
    .filter(([file]) => file.startsWith(root))
    .flatMap(([file, targets]) => targets.filter((t) => !allowed(t)).map((t) => `${rel(file)} -> ${rel(t)}`));
}

const { edges, runtimeEdges, clientEdges } = graph();
// Tests sit beside the code they test and may reach across folders to set things up.
const shipped = new Map([...runtimeEdges].filter(([file]) => !/\.test\.tsx?$/.test(file)));

describe('the import graph of src/', () => {
  it('reads imports the way the code writes them', () => {
    expect(specifiers(`import a, { b } from './a.ts';\nimport type { C } from "../c.ts";\nexport { d } from './d.ts';`)).toEqual([
      './a.ts',
      '../c.ts',
      './d.ts',
    ]);
    expect(specifiers(`import './e.css';\nconst f = lazy(() => import('./f.tsx'));\nimport {\n  g,\n  h,\n} from './g.ts';`)).toEqual([
      './e.css',
      './f.tsx',
      './g.ts',
    ]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no import cycle', () => {
    // Type-only imports are left out: TypeScript erases them, so they order no module's evaluation
    // (a rules module takes its line type from the schema that takes a limit from the rules).
    const loops = cycles(runtimeEdges).map((loop) => loop.map(rel).join('\n  -> '));
    expect(loops, `import cycles:\n${loops.join('\n\n')}`).toEqual([]);
  });

  it('layers its folders: no loop between features, kits, db, lib, server, pages and layouts', () => {
    // A loop between folders is a loop of concerns (a kit that imports the screens built on it),
    // even when no single file loop closes it. Tests are left out: they may reach anywhere.
    const loops = cycles(folderGraph(shipped)).map((loop) => loop.join(' -> '));
    expect(loops, `folder loops (files: run this test's folderGraph):\n${loops.join('\n')}`).toEqual([]);
    expect(cycles(folderGraph(new Map([['a/x', [path.join(SRC, 'lib', 'y.ts')]]])))).toEqual([]);
    expect(
      cycles(
        folderGraph(
          new Map([
            [path.join(SRC, 'features', 'a', 'x.ts'), [path.join(SRC, 'features', 'b', 'y.ts')]],
            [path.join(SRC, 'features', 'b', 'z.ts'), [path.join(SRC, 'features', 'a', 'w.ts')]],
          ]),
        ),
      ),
    ).toEqual([['features/a', 'features/b', 'features/a']]);
  });

  it('keeps db/ below every feature: the schema and client import only db/ and lib/', () => {
    const db = path.join(SRC, 'db') + path.sep;
    const lib = path.join(SRC, 'lib') + path.sep;
    expect(importsBreaking(edges, 'db', (t) => t.startsWith(db) || t.startsWith(lib))).toEqual([]);
  });

  it('keeps UI out of src/server: no route or page handler imports an island or a UI kit', () => {
    // Handlers call features; Astro renders the pages (src/pages), so the Worker's router never
    // reaches a UI kit or a browser-only client by way of a route.
    const components = path.join(SRC, 'components') + path.sep;
    expect(importsBreaking(shipped, 'server', (t) => !t.endsWith('.tsx') && !t.startsWith(components))).toEqual([]);
  });

  it('keeps components/ui free of the shop: no ui file imports a feature', () => {
    const ui = path.join(SRC, 'components', 'ui') + path.sep;
    const features = path.join(SRC, 'features') + path.sep;
    const bad = [...edges]
      .filter(([file]) => file.startsWith(ui))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith(features)).map((t) => `${rel(file)} -> ${rel(t)}`));
    expect(bad).toEqual([]);
  });

  it('ships no .server.ts module to the browser: islands and client scripts never reach one', () => {
    // An .astro file's front matter runs at build time and may read the database; its <script>
    // blocks and every island (.tsx), with all they import, run in the browser. Type-only imports
    // (the typed client's AppType) are erased and ship nothing.
    const client = [...edges.keys()].filter((file) => file.endsWith('.tsx'));
    const fromScripts = [...clientEdges.values()].flat();
    const bad = [...reachable([...client, ...fromScripts], runtimeEdges)].filter((file) => file.endsWith('.server.ts')).map(rel);
    expect(bad).toEqual([]);
  });

  it('keeps functions/ an adapter: the Worker entry imports src/server alone, holds no logic, and nothing imports it', () => {
    // docs/decisions/0024: fetch and scheduled hand the platform's arguments to src/server; a rule
    // written here would be out of reach of the Node tests and of the layers above.
    const server = path.join(SRC, 'server') + path.sep;
    const entries = [...edges.keys()].filter((file) => file.startsWith(FUNCTIONS + path.sep));
    expect(entries.map(rel)).toContain(path.join('functions', 'worker.ts'));
    expect(
      entries.flatMap((file) => (edges.get(file) ?? []).filter((t) => !t.startsWith(server)).map((t) => `${rel(file)} -> ${rel(t)}`)),
    ).toEqual([]);
    for (const file of entries) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, rel(file)).not.toMatch(/\b(if|for|while|switch|try|catch)\b|\?\?|&&|\|\|/);
    }
    const importers = [...edges].filter(([file, targets]) => !entries.includes(file) && targets.some((t) => entries.includes(t)));
    expect(importers.map(([file]) => rel(file))).toEqual([]);
  });

  it('names in decision 0019’s order only layers that exist, and keeps their imports pointing down it', () => {
    const record = readFileSync(path.join(ROOT, 'docs', 'decisions', '0019-layers-that-point-down.md'), 'utf8');
    const paragraph = /\*\*The order, from the bottom\.\*\*([\s\S]*?)\n\n/.exec(record)?.[1] ?? '';
    const order = [...paragraph.matchAll(/`([\w/]+)`/g)].map((m) => m[1] as string).filter((name) => !['layouts', 'pages'].includes(name));
    const folderFor = (name: string) => (['lib', 'db', 'server'].includes(name) || name.includes('/') ? name : `features/${name}`);
    expect(order.length).toBeGreaterThan(20);
    expect(order.filter((name) => !existsSync(path.join(SRC, folderFor(name))))).toEqual([]);
    const rank = new Map(order.map((name, i) => [folderFor(name), i]));
    const upward = [...folderGraph(shipped)].flatMap(([from, targets]) =>
      targets.filter((to) => (rank.get(from) ?? Infinity) < (rank.get(to) ?? -1)).map((to) => `${from} -> ${to}`),
    );
    expect(upward, 'an import from a lower layer to a higher one in decision 0019’s order').toEqual([]);
  });
});

describe('writes that hold no lock across round trips (docs/decisions/0027)', () => {
  it('opens no interactive transaction in src/: every write is one batch', () => {
    // An interactive transaction over HTTP holds SQLite's one write lock from BEGIN to COMMIT,
    // across round trips a deadline can abort; a batch is one request the server runs whole.
    const opened = walk(SRC).filter((file) =>
      /\.transaction\s*\(/.test(readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')),
    );
    expect(opened.map(rel)).toEqual([]);
  });
});
