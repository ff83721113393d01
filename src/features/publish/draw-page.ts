/**
 * A catalogue page drawn on request into its built template (docs/decisions/0013): the page
 * model's head tags, its static parts and its islands, rendered by the same components the .astro
 * page renders, put in place by draw.ts.
 */
import { type ComponentType, createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import PagePart, { type PartName, type PartProps } from '../catalog/PageParts.tsx';
import { islandHtml, splicePage, TemplateMismatch } from './draw.ts';

/** React's rendering of an island's component with the island's id prefix, as Astro's renderer writes it. */
export const renderIsland = (element: ReactElement, identifierPrefix?: string) =>
  islandHtml(renderToString(element, identifierPrefix ? { identifierPrefix } : {}));

export interface Drawing {
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

/** The template with the drawing's head, parts and islands in place. */
export function drawPage(template: string, drawing: Drawing, components: IslandComponents): string {
  return splicePage(template, {
    head: drawing.headTags,
    part(name) {
      const props = drawing.parts[name as PartName];
      if (props === undefined) throw new TemplateMismatch(`The page has no part '${name}'`);
      return renderIsland(createElement(PagePart, { part: name as PartName, props: props as PartProps<PartName> | null }));
    },
    island(mark) {
      const props = drawing.islands[mark.name];
      const Component = components[mark.name];
      if (props === undefined || !Component) throw new TemplateMismatch(`The page has no island '${mark.name}'`);
      if (props === null) return null;
      return { props, html: renderIsland(createElement(Component, props), mark.prefix) };
    },
  });
}
