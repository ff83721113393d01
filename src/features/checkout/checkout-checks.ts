import { type CartItem, type LinePriceChange, repriceLines } from '../cart/cart.ts';
import { catalogApi } from '../catalog/catalog.api.ts';

let checks: ReturnType<typeof fetchChecks> | undefined;
const fetchChecks = () => import('./checkout.schema.ts');

/** The form's checks module, once fetched. */
export type Checks = Awaited<ReturnType<typeof fetchChecks>>;

/**
 * The form's checks (the schema, with valibot): asked for when the shopper first edits a field, so
 * they have come by the time the order is placed, and kept out of the page's first load. A failed
 * fetch is asked for again next time.
 */
export function loadChecks(): Promise<Checks> {
  checks ??= fetchChecks().catch((err: unknown) => {
    checks = undefined;
    throw err;
  });
  return checks;
}

/** How many products one GET /api/products?ids= names at most. */
const IDS_PER_REQUEST = 100;

/**
 * D32: the cart's lines priced as the shop sells them now (the API's products through the same
 * pricing rule the cart used), and the lines whose price moved.
 */
export async function currentPrices(lines: readonly CartItem[]): Promise<LinePriceChange[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
  const products = (await Promise.all(chunks.map((chunk) => catalogApi.query({ ids: chunk.join(',') })))).flat();
  return repriceLines(lines, products).changes;
}
