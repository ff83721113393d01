/**
 * Draws a page on request into its built template (docs/decisions/0013): the template is the page
 * Astro built for the purpose, so the layout, the styles, the scripts and the islands' attributes
 * (their code's hashed file names) are the build's own. Three things are put in:
 *
 * - the page's head tags, from the function StoreLayout uses (seo/page-head.ts);
 * - each static part, where the template has its mark, rendered by the component the page renders;
 * - each island's props and HTML, written as Astro writes them: the template island's attributes
 *   with Astro's own serialisation of the props, and React's rendering of the same component with
 *   the island's id prefix inside.
 *
 * Pure (text in, text out); a template that does not match the page (a part or island it does not
 * know, a missing mark) throws, and the caller serves the built page instead.
 */
import { escapeHTML } from 'astro/runtime/server/escape.js';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import PagePart, { type PartName, type PartProps } from '../catalog/PageParts.tsx';
import { PAGE_HEAD_END, PAGE_HEAD_START } from '../seo/page-head.ts';

interface Drawing {
  /** The page's head tags, markers included (pageHeadTags). */
  headTags: string;
  /** Props per static part (PageParts.tsx). */
  parts: Readonly<Partial<Record<PartName, object | null>>>;
  /** Props per island, by its component's name; null leaves the island out. */
  islands: Readonly<Record<string, object | null>>;
}

/** The island components a page may hold, by the name Astro records in each island's opts. */
// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props; the page model types them.
export type IslandComponents = Readonly<Record<string, ComponentType<any>>>;

class TemplateMismatch extends Error {}

const ISLAND = /<astro-island\b([^>]*)>[\s\S]*?<\/astro-island>/g;
const PART_MARK = /<template data-drawn="([^"]*)"><\/template>/g;
/** The island's component name in its opts attribute: {"name":"ProductDetail",...}, HTML-escaped. */
const ISLAND_NAME = /\sopts="\{&quot;name&quot;:&quot;([^&]*)&quot;/;
const ISLAND_PREFIX = /\sprefix="([^"]*)"/;
const ISLAND_PROPS = /\sprops="[^"]*"/;
const AWAIT_CHILDREN = /\sawait-children(?=\s|$)/;
/**
 * React adds resource hints (a preload of an image with fetchpriority="high") at the start of what
 * it draws; Astro's React renderer removes them, so this does too.
 */
const RESOURCE_HINTS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

function render(element: ReturnType<typeof createElement>, identifierPrefix?: string): string {
  return renderToString(element, identifierPrefix ? { identifierPrefix } : {}).replace(RESOURCE_HINTS, '');
}

/** An island as Astro writes it: the template's attributes, these props, and their rendering. */
function island(attrs: string, Component: ComponentType<object>, props: object): string {
  const prefix = ISLAND_PREFIX.exec(attrs)?.[1];
  const html = render(createElement(Component, props), prefix);
  if (!ISLAND_PROPS.test(attrs)) throw new TemplateMismatch('An island in the template has no props attribute');
  // Astro writes the props attribute unescaped a second time (renderElement without escaping).
  const serialized = ` props="${escapeHTML(serializeProps(props, { displayName: '', astroStaticSlot: true }))}"`;
  let open = attrs.replace(ISLAND_PROPS, () => serialized).replace(AWAIT_CHILDREN, '');
  if (html) open += ' await-children';
  return `<astro-island${open}>${html ? `${html}<!--astro:end-->` : ''}</astro-island>`;
}

function replaceBetween(html: string, start: string, end: string, replacement: (inner: string) => string): string {
  const from = html.indexOf(start);
  const to = from < 0 ? -1 : html.indexOf(end, from);
  if (from < 0 || to < 0) throw new TemplateMismatch(`The template has no ${start} ... ${end}`);
  return html.slice(0, from) + replacement(html.slice(from, to + end.length)) + html.slice(to + end.length);
}

/** The template with the drawing's head, parts and islands in place. */
export function drawPage(template: string, drawing: Drawing, components: IslandComponents): string {
  const withHead = replaceBetween(template, PAGE_HEAD_START, PAGE_HEAD_END, () => drawing.headTags);
  return replaceBetween(withHead, '<main', '</main>', (main) =>
    main
      .replace(PART_MARK, (_, name: string) => {
        const props = drawing.parts[name as PartName];
        if (props === undefined) throw new TemplateMismatch(`The page has no part '${name}'`);
        return render(createElement(PagePart, { part: name as PartName, props: props as PartProps<PartName> | null }));
      })
      .replace(ISLAND, (_, attrs: string) => {
        const name = ISLAND_NAME.exec(attrs)?.[1] ?? '';
        const props = drawing.islands[name];
        const Component = components[name];
        if (props === undefined || !Component) throw new TemplateMismatch(`The page has no island '${name}'`);
        return props === null ? '' : island(attrs, Component, props);
      }),
  );
}
