/**
 * Every citation points at something the repository has. Code, tests, scripts and docs cite
 * documents by path (`docs/product-rules.md`, `decisions/0008-...md`, `storefront.md`), decision
 * records by number (`decision 0008`), rules by id (D33, M2, R7: a heading in
 * docs/product-rules.md) and spec sections (`storefront.md §3`, `admin.md §2`, a bare `§5`: a
 * numbered section of docs/spec/). A citation of anything else fails here, with the file and line.
 * functions/ (the Worker's entry) and the Worker's config are read too. A decision record another
 * has superseded ("Superseded by decision 0024" at its top) is history: only docs/decisions cites it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'functions', 'tests', 'scripts', 'docs', 'README.md', 'wrangler.toml', 'astro.config.mjs'];
const TEXT = /\.(ts|tsx|astro|mjs|md|css|sql)$/;
/** This file names made-up ids and paths in its own checks. */
const SELF = path.relative(ROOT, import.meta.filename);

function walk(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full).flatMap((name) => {
    const child = path.join(entry, name);
    return statSync(path.join(ROOT, child)).isDirectory() ? walk(child) : TEXT.test(name) ? [child] : [];
  });
}

const files = SCANNED.flatMap(walk).filter((f) => f !== SELF);
const mdFiles = files.filter((f) => f.endsWith('.md'));
const mdNames = new Set(mdFiles.map((f) => path.basename(f)));

const RULES = readFileSync(path.join(ROOT, 'docs/product-rules.md'), 'utf8');
/** Every D/M/R id a heading of docs/product-rules.md names ("### D33 Stock ledger", "### Delivery tools: D30, D31"). */
const ruleIds = new Set(
  RULES.split('\n')
    .filter((l) => /^#{2,4} /.test(l))
    .flatMap((l) => [...l.matchAll(/\b([DMR]\d+)\b/g)].map((m) => m[1] as string)),
);

const decisionFiles = readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) => /^\d{4}-.+\.md$/.test(f));
const decisionNumbers = new Set(decisionFiles.map((f) => f.slice(0, 4)));

/** Records whose first lines say another decision replaced them, by number. */
const supersededDecisions = new Set(
  decisionFiles
    .filter((f) =>
      /^\*\*Superseded by decision \d{4}/m.test(
        readFileSync(path.join(ROOT, 'docs/decisions', f), 'utf8')
          .split('\n')
          .slice(0, 4)
          .join('\n'),
      ),
    )
    .map((f) => f.slice(0, 4)),
);

/** The numbered sections ("## 3. Entities") of each spec in docs/spec/. */
function sectionsOf(spec: string): Set<string> {
  const text = readFileSync(path.join(ROOT, 'docs/spec', spec), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1] as string));
}
const storefrontSections = sectionsOf('storefront.md');
const adminSections = sectionsOf('admin.md');
const SPEC_SECTIONS: Record<string, Set<string>> = { 'storefront.md': storefrontSections, 'admin.md': adminSections };
const anySection = new Set([...storefrontSections, ...adminSections]);

/** A document path a line cites: a token ending in .md, not part of a URL. */
const DOC_PATH = /(?<![\w/.:-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.md)\b/g;
/** A decision record by number: "decision 0008", "decisions/0008-...", "ADR 0008". */
const DECISION = /\b(?:decisions?|ADR)[\s/](\d{4})\b/gi;
/**
 * A rule id: D, M or R and a number, standing alone. SVG path data (`M3 12`, `M0,-8`, `M13.5`) is
 * not a citation: a letter followed by another coordinate is skipped.
 */
const RULE_ID = /(?<![\w#$-])([DMR])(\d{1,3})\b(?!\w|\.\d|[\s,-]*\d)/g;
/** A spec section: "storefront.md §3", "admin.md §2", or a bare "§5". */
const SECTION = /(?:\b(storefront\.md|admin\.md)\s*)?§\s?(\d+)/g;

interface Finding {
  where: string;
  cites: string;
}

function docExists(from: string, cited: string): boolean {
  if (existsSync(path.join(ROOT, cited))) return true;
  if (existsSync(path.join(ROOT, path.dirname(from), cited))) return true;
  // A bare name (`storefront.md`, `DESIGN.md`) names the repository's one file of that name.
  return !cited.includes('/') && mdNames.has(cited);
}

/** Each citation of a superseded decision record outside docs/decisions, by number or by file name. */
function citationsOfSuperseded(): Finding[] {
  const found: Finding[] = [];
  for (const file of files.filter((f) => !f.startsWith(`docs${path.sep}decisions${path.sep}`))) {
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const numbers = [...line.matchAll(DECISION)].map((m) => m[1] as string);
        const named = [...line.matchAll(/\b(\d{4})-[\w-]+\.md\b/g)].map((m) => m[1] as string);
        for (const n of new Set([...numbers, ...named])) {
          if (supersededDecisions.has(n)) found.push({ where: `${file}:${i + 1}`, cites: `decision ${n}` });
        }
      });
  }
  return found;
}

function scan(): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      for (const m of line.matchAll(DOC_PATH)) {
        const cited = m[1] as string;
        if (!docExists(file, cited)) found.push({ where, cites: cited });
      }
      for (const m of line.matchAll(DECISION)) {
        if (!decisionNumbers.has(m[1] as string)) found.push({ where, cites: `decision ${m[1]}` });
      }
      for (const m of line.matchAll(RULE_ID)) {
        const id = `${m[1]}${m[2]}`;
        if (!ruleIds.has(id)) found.push({ where, cites: id });
      }
      for (const m of line.matchAll(SECTION)) {
        const known = m[1] ? SPEC_SECTIONS[m[1]] : anySection;
        if (!known?.has(m[2] as string)) found.push({ where, cites: `${m[1] ? `${m[1]} ` : ''}§${m[2]}` });
      }
    });
  }
  return found;
}

describe('citations (docs/product-rules.md, docs/decisions, docs/spec)', () => {
  it('reads the ids, decisions and sections it checks against', () => {
    expect([...ruleIds].filter((id) => id.startsWith('D')).length).toBeGreaterThanOrEqual(36);
    expect(['M1', 'M5', 'R1', 'R7', 'D33'].every((id) => ruleIds.has(id))).toBe(true);
    expect(decisionNumbers.has('0008')).toBe(true);
    expect([...storefrontSections].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(files.length).toBeGreaterThan(100);
  });

  it('the patterns find a citation of what does not exist', () => {
    const probe = (line: string) => ({
      docs: [...line.matchAll(DOC_PATH)].map((m) => m[1]).filter((d) => !docExists('src/x.ts', d as string)),
      rules: [...line.matchAll(RULE_ID)].map((m) => `${m[1]}${m[2]}`).filter((id) => !ruleIds.has(id)),
      decisions: [...line.matchAll(DECISION)].map((m) => m[1]).filter((n) => !decisionNumbers.has(n as string)),
      sections: [...line.matchAll(SECTION)].map((m) => m[2]).filter((n) => !anySection.has(n as string)),
    });
    expect(probe('// D99 and M42 and R98 (see docs/nowhere.md, decision 0999, storefront.md §42)')).toEqual({
      docs: ['docs/nowhere.md'],
      rules: ['D99', 'M42', 'R98'],
      decisions: ['0999'],
      sections: ['42'],
    });
    expect(probe('// D33, M1-M5, R7: docs/product-rules.md, decision 0008, admin.md §2, <path d="M3 12h18 M0,-8 M13.5 13.5" />')).toEqual({
      docs: [],
      rules: [],
      decisions: [],
      sections: [],
    });
  });

  it('every file cites only documents, decisions, rule ids and spec sections the repository has', () => {
    expect(scan().map((f) => `${f.where}: ${f.cites}`)).toEqual([]);
  });

  it('reads functions/, the Worker’s entry, and the Worker’s config', () => {
    expect(files).toContain(path.join('functions', 'worker.ts'));
    expect(files).toContain('wrangler.toml');
  });

  it('cites a superseded decision record only from docs/decisions: code and guides cite the one that replaced it', () => {
    expect([...supersededDecisions].sort()).toEqual(expect.arrayContaining(['0013', '0017', '0018', '0021']));
    expect(citationsOfSuperseded().map((f) => `${f.where}: ${f.cites}`)).toEqual([]);
  });
});
