/**
 * What the build records about itself in dist/_catalogue.json: the stamp its pages were drawn at,
 * the site address they name, and an id of its own. The page functions read it through the static
 * files, so the built pages and their record always come from the same deploy.
 */
import * as v from 'valibot';
import type { PageStamp } from './stamp.ts';

export const BUILT_CATALOGUE_PATH = '/_catalogue.json';

export const BuiltCatalogue = v.object({
  epoch: v.string(),
  version: v.pipe(v.number(), v.integer()),
  boundaries: v.pipe(v.number(), v.integer()),
  /** Astro's `site`: the origin the built pages' canonical links and structured data name. */
  site: v.pipe(v.string(), v.url()),
  /** Unique per build: drawn pages are cached per build, since they are drawn from its templates. */
  build: v.pipe(v.string(), v.minLength(1)),
});
export type BuiltCatalogue = v.InferOutput<typeof BuiltCatalogue>;

export function builtCatalogue(stamp: PageStamp, site: string, build: string): BuiltCatalogue {
  return { epoch: stamp.epoch, version: stamp.version, boundaries: stamp.boundaries, site, build };
}

/** The record, or null when it is missing or malformed (an older build): pages are then drawn. */
export function parseBuiltCatalogue(json: unknown): BuiltCatalogue | null {
  const result = v.safeParse(BuiltCatalogue, json);
  return result.success ? result.output : null;
}
