/**
 * The bench's page-serving rows: a static page (a plain built file the functions never see, by
 * dist/_routes.json) next to a built product page and a built category page, which pass through
 * the page functions (decision 0013), all loaded at the same concurrency through one server that
 * serves pages as `npm start` does. A built catalogue page should cost about what a file costs:
 * each catalogue row is given as a share of the static row's requests per second.
 */
import { SITE } from '../../src/features/site/settings.ts';
import { type LoadResult, load } from './load.ts';

const CONCURRENCY = 10;
/** A built catalogue page's requests per second, as a share of the static page's. */
export const PAGE_RATIO_TARGET = 0.8;

/** A state landing page: built by astro and served as a file (not one of FUNCTION_ROUTES). */
const STATIC_PAGE = SITE.states[0].landing;
const CATALOGUE_PAGES = [
  { kind: 'product', path: '/product/3' },
  { kind: 'category', path: '/categories/flower' },
] as const;

export interface PageLoadResult extends LoadResult {
  /** The answer's `x-page-source` just before the row ran (none for a static file). */
  source: string | null;
  /** req/s over the static row's; null for the static row itself. */
  ratio: number | null;
}

/** One request, to show which path serves the page; a page that does not answer 200 stops the bench. */
export async function sourceOf(url: string): Promise<string | null> {
  const res = await fetch(url);
  await res.body?.cancel();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}, not 200: its row would measure an error page`);
  return res.headers.get('x-page-source');
}

export async function benchPageLoad(base: string, seconds: number): Promise<PageLoadResult[]> {
  const common = { concurrency: CONCURRENCY, seconds, warmupSeconds: 2 };
  const row = async (name: string, path: string) => {
    const source = await sourceOf(`${base}${path}`);
    return { ...(await load({ ...common, name, url: `${base}${path}` })), source };
  };
  const staticRow = await row(`GET ${STATIC_PAGE}: static page`, STATIC_PAGE);
  const rows: PageLoadResult[] = [{ ...staticRow, ratio: null }];
  for (const page of CATALOGUE_PAGES) {
    const r = await row(`GET ${page.path}: built ${page.kind} page`, page.path);
    rows.push({ ...r, ratio: staticRow.rps > 0 ? Math.round((r.rps / staticRow.rps) * 100) / 100 : null });
  }
  return rows;
}
