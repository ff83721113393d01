/**
 * The one place where a page built by Astro is drawn into on request (docs/decisions/0013): the
 * product, category, strain and deals templates, the search page's first results, and a form's page
 * with the problem of a post put above the form (docs/decisions/0012). The built page brings the
 * layout, the styles, the scripts and each island's attributes (its code's hashed file names); what
 * is put in comes from the same components and head function the build used.
 *
 * The page is read with htmlparser2 (positions of tags and comments, no regular expressions), and
 * edited by splicing text at those positions, so everything not edited stays byte for byte as
 * built. What the drawer relies on in Astro's output (the head markers, the part marks, each
 * island's `opts` name, `prefix` and `props`, and the props' encoding) is checked against every
 * build by templates.build.ts: a build whose output no longer has it fails, never a shopper's
 * request. At request time a mismatch throws, and the caller serves the built page.
 */
import { Parser } from 'htmlparser2';
import { escapeHtml } from '../../lib/html.ts';
import { PAGE_HEAD_END, PAGE_HEAD_START } from '../seo/page-head.ts';

export class TemplateMismatch extends Error {}

/** [from, to) in the page's text. */
interface Span {
  from: number;
  to: number;
}

/** An <input> or a <textarea> inside an island. */
export interface FieldMark {
  tag: 'input' | 'textarea';
  /** Its attributes, decoded. */
  attribs: Readonly<Record<string, string>>;
  open: Span;
  /** A textarea's text; null for an input. */
  inner: Span | null;
}

export interface IslandMark {
  /** The component's name, as Astro records it in the island's `opts`. */
  name: string;
  /** The React id prefix Astro gave the island. */
  prefix: string;
  /** Its attributes, decoded, in the order Astro wrote them. */
  attribs: Readonly<Record<string, string>>;
  open: Span;
  /** What the island holds between its tags. */
  inner: Span;
  whole: Span;
  /** Inside the page's <main> (the header's and the cart's islands are not). */
  inMain: boolean;
  /** The form fields it holds as built. */
  fields: FieldMark[];
}

export interface PageLayout {
  /** From the start of PAGE_HEAD_START to the end of PAGE_HEAD_END. */
  head: Span | null;
  title: Span | null;
  main: Span | null;
  /** Each `<template data-drawn="name">` mark in <main>. */
  parts: { name: string; whole: Span }[];
  islands: IslandMark[];
}

const ISLAND_TAG = 'astro-island';
const PART_ATTRIBUTE = 'data-drawn';
const ISLAND_END = '<!--astro:end-->';

function islandName(opts: string | undefined): string {
  try {
    const parsed: unknown = JSON.parse(opts ?? '');
    const name = (parsed as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : '';
  } catch {
    // JSON.parse throws only on text that is not JSON: an island without a name.
    return '';
  }
}

/** Where the page's drawable pieces are. */
export function readLayout(html: string): PageLayout {
  const layout: PageLayout = { head: null, title: null, main: null, parts: [], islands: [] };
  let headFrom = -1;
  let mainFrom = -1;
  let mainDepth = 0;
  let titleFrom = -1;
  const openParts: { name: string; from: number }[] = [];
  const openIslands: { attribs: Record<string, string>; open: Span; inMain: boolean; fields: FieldMark[] }[] = [];
  let textarea: FieldMark | null = null;
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        const open = { from: parser.startIndex, to: parser.endIndex + 1 };
        if (name === 'main') {
          if (mainDepth++ === 0) mainFrom = open.from;
        } else if (name === 'title' && titleFrom < 0 && layout.title == null) {
          titleFrom = open.from;
        } else if (name === 'template' && mainDepth > 0 && attribs[PART_ATTRIBUTE] != null) {
          openParts.push({ name: attribs[PART_ATTRIBUTE], from: open.from });
        } else if (name === ISLAND_TAG) {
          openIslands.push({ attribs, open, inMain: mainDepth > 0, fields: [] });
        } else if ((name === 'input' || name === 'textarea') && openIslands.length > 0) {
          const field: FieldMark = { tag: name, attribs, open, inner: null };
          openIslands[openIslands.length - 1]?.fields.push(field);
          if (name === 'textarea') textarea = field;
        }
      },
      onclosetag(name) {
        const end = parser.endIndex + 1;
        if (name === 'main' && mainDepth > 0 && --mainDepth === 0) {
          layout.main = { from: mainFrom, to: end };
        } else if (name === 'title' && titleFrom >= 0) {
          layout.title = { from: titleFrom, to: end };
          titleFrom = -1;
        } else if (name === 'template' && openParts.length > 0) {
          const part = openParts.pop();
          if (part) layout.parts.push({ name: part.name, whole: { from: part.from, to: end } });
        } else if (name === 'textarea' && textarea) {
          textarea.inner = { from: textarea.open.to, to: parser.startIndex };
          textarea = null;
        } else if (name === ISLAND_TAG) {
          const island = openIslands.pop();
          if (!island) return;
          layout.islands.push({
            name: islandName(island.attribs.opts),
            prefix: island.attribs.prefix ?? '',
            attribs: island.attribs,
            open: island.open,
            inner: { from: island.open.to, to: parser.startIndex },
            whole: { from: island.open.from, to: end },
            inMain: island.inMain,
            fields: island.fields,
          });
        }
      },
      oncomment(data) {
        const text = `<!--${data}-->`;
        if (text === PAGE_HEAD_START) headFrom = parser.startIndex;
        else if (text === PAGE_HEAD_END && headFrom >= 0) layout.head = { from: headFrom, to: parser.endIndex + 1 };
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return layout;
}

// ---------------------------------------------------------------------------------------------
// Island props, in the encoding Astro's client reads (checked against each build's own output)
// ---------------------------------------------------------------------------------------------

/** Astro's tags for a plain value and for an array; the drawer writes no other kind. */
const VALUE = 0;
const ARRAY = 1;

function encode(value: unknown): unknown {
  if (Array.isArray(value)) return [ARRAY, value.map(encode)];
  if (value === undefined) return [VALUE];
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [VALUE, value];
  if (typeof value === 'number' && Number.isFinite(value)) return [VALUE, value];
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) throw new TemplateMismatch(`An island prop is not plain data: ${String(value)}`);
  return [VALUE, encodeObject(value as object)];
}

const encodeObject = (value: object) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));

/** The `props` attribute's value (decoded) for these props. */
export function islandProps(props: object): string {
  return JSON.stringify(encodeObject(props));
}

function decode(value: unknown): unknown {
  if (!Array.isArray(value) || (value[0] !== VALUE && value[0] !== ARRAY)) {
    throw new TemplateMismatch(`An island prop is encoded as ${JSON.stringify(value)?.slice(0, 80)}`);
  }
  const [tag, inner] = value as [number, unknown];
  if (tag === ARRAY) {
    if (!Array.isArray(inner)) throw new TemplateMismatch('An island array prop holds no array');
    return inner.map(decode);
  }
  if (value.length === 1) return undefined;
  return inner !== null && typeof inner === 'object' ? decodeObject(inner) : inner;
}

const decodeObject = (value: object) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));

/** The props a `props` attribute holds; throws when Astro wrote them in a form this module does not write. */
export function readIslandProps(attribute: string): object {
  const parsed: unknown = JSON.parse(attribute);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TemplateMismatch('Island props are not an object');
  return decodeObject(parsed);
}

// ---------------------------------------------------------------------------------------------
// Splicing
// ---------------------------------------------------------------------------------------------

/** A start tag with these (decoded) attributes; an empty one is written as its bare name. */
function startTag(name: string, attribs: Readonly<Record<string, string>>): string {
  const text = Object.entries(attribs)
    .map(([k, v]) => (v === '' && k !== 'props' ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
    .join('');
  return `<${name}${text}>`;
}

/** An island's open tag with its attributes as built, but `props` and `await-children` as given. */
function openTag(island: IslandMark, props: string | undefined, hasChildren: boolean): string {
  const attribs = { ...island.attribs };
  delete attribs['await-children'];
  if (props !== undefined) {
    if (attribs.props === undefined) throw new TemplateMismatch(`The island '${island.name}' has no props attribute`);
    attribs.props = props;
  }
  if (hasChildren) attribs['await-children'] = '';
  return startTag(ISLAND_TAG, attribs);
}

/**
 * Values put into an island's fields as built: an input's value, a textarea's text. A password
 * input is never filled, whatever is asked: a page must not carry one.
 */
function fieldEdits(island: IslandMark, values: Readonly<Record<string, string>>): Edit[] {
  const edits: Edit[] = [];
  for (const field of island.fields) {
    const name = field.attribs.name ?? '';
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name] ?? '';
    if (field.inner) {
      // A browser drops a newline right after <textarea>: one is written first (as React does), so a
      // value's own first newline is kept.
      edits.push({ ...field.inner, text: `\n${escapeHtml(value)}` });
    } else if (field.attribs.type?.toLowerCase() !== 'password') {
      edits.push({ ...field.open, text: startTag(field.tag, { ...field.attribs, value }) });
    }
  }
  return edits;
}

/**
 * React's rendering (renderToString) of an island's component, as Astro's renderer writes it: React
 * adds resource hints (a preload of an image with fetchpriority="high") at the start of what it
 * draws, which Astro's React renderer leaves out; inside an island they are nodes hydration does
 * not expect, so they are left out here too.
 */
export function islandHtml(html: string): string {
  const hints: Span[] = [];
  const parser: Parser = new Parser({
    onopentag(name, attribs) {
      const rel = attribs.rel ?? '';
      if (name === 'link' && ['preload', 'modulepreload', 'stylesheet', 'preconnect', 'dns-prefetch'].includes(rel)) {
        hints.push({ from: parser.startIndex, to: parser.endIndex + 1 });
      }
    },
  });
  parser.end(html);
  return applyEdits(
    html,
    hints.map((span) => ({ ...span, text: '' })),
  );
}

interface Edit extends Span {
  text: string;
}

function applyEdits(html: string, edits: Edit[]): string {
  let out = '';
  let at = 0;
  // An insertion (from === to) goes before an edit that starts where it does.
  for (const edit of [...edits].sort((a, b) => a.from - b.from || a.to - b.to)) {
    if (edit.from < at) throw new TemplateMismatch('Two edits of the page overlap');
    out += html.slice(at, edit.from) + edit.text;
    at = edit.to;
  }
  return out + html.slice(at);
}

/**
 * What an island in <main> becomes: markup before it, and either its new HTML (with new props, or
 * the built ones) or its HTML as built with values put into its fields (by field name).
 */
export type IslandDrawing = { before?: string } & ({ props?: object; html: string } | { values: Readonly<Record<string, string>> });

export interface Splice {
  head?: string;
  title?: string;
  /** The HTML for a part mark. */
  part?: (name: string) => string;
  /** What each island in <main> becomes; null removes it; undefined leaves it as built. */
  island?: (mark: IslandMark) => IslandDrawing | null | undefined;
}

/**
 * The page with the island named `where.island` drawn by `draw` (and any other pieces of `rest`);
 * a page without that island in its <main> is not the page expected, and throws.
 */
export function spliceIsland(
  html: string,
  where: { page: string; island: string },
  draw: (mark: IslandMark) => IslandDrawing | null,
  rest: Omit<Splice, 'island'> = {},
): string {
  let found = false;
  const drawn = splicePage(html, {
    ...rest,
    island(mark) {
      if (mark.name !== where.island) return undefined;
      found = true;
      return draw(mark);
    },
  });
  if (!found) throw new TemplateMismatch(`${where.page} has no island '${where.island}' in its <main>`);
  return drawn;
}

/** The page with the given pieces put in place. */
export function splicePage(html: string, splice: Splice): string {
  const layout = readLayout(html);
  const edits: Edit[] = [];
  if (splice.head !== undefined) {
    if (!layout.head) throw new TemplateMismatch(`The page has no ${PAGE_HEAD_START} ... ${PAGE_HEAD_END}`);
    edits.push({ ...layout.head, text: splice.head });
  }
  if (splice.title !== undefined) {
    if (!layout.title) throw new TemplateMismatch('The page has no <title>');
    edits.push({ ...layout.title, text: `<title>${escapeHtml(splice.title)}</title>` });
  }
  if (splice.part) {
    if (!layout.main) throw new TemplateMismatch('The page has no <main>');
    for (const part of layout.parts) edits.push({ ...part.whole, text: splice.part(part.name) });
  }
  if (splice.island) {
    for (const mark of layout.islands) {
      if (!mark.inMain) continue;
      const drawing = splice.island(mark);
      if (drawing === undefined) continue;
      if (drawing === null) {
        edits.push({ ...mark.whole, text: '' });
        continue;
      }
      if ('values' in drawing) {
        edits.push({ from: mark.whole.from, to: mark.whole.from, text: drawing.before ?? '' }, ...fieldEdits(mark, drawing.values));
        continue;
      }
      const props = drawing.props === undefined ? undefined : islandProps(drawing.props);
      const inner = drawing.html ? `${drawing.html}${ISLAND_END}` : '';
      edits.push({ ...mark.whole, text: `${drawing.before ?? ''}${openTag(mark, props, drawing.html !== '')}${inner}</${ISLAND_TAG}>` });
    }
  }
  return applyEdits(html, edits);
}
