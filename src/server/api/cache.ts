/**
 * Cache-Control per kind of answer. Price and stock must never be stale for a shopper, so
 * product answers are revalidated on every use (cheap with ETag); categories change rarely.
 */
export const CACHE = {
  live: 'public, max-age=0, must-revalidate',
  catalogueStructure: 'public, max-age=300, stale-while-revalidate=3600',
  /** A manager's change must reach the live home page at once; ETag keeps it cheap. */
  siteImages: 'public, max-age=0, must-revalidate',
  /** Zones change rarely; a minute's staleness costs a shopper at most one refused checkout. */
  deliveryQuote: 'public, max-age=60',
  /** Places change with every order; a window that filled meanwhile is answered at checkout (409, with fresh windows). */
  deliveryWindows: 'public, max-age=5',
  none: 'no-store',
  /** Personal data: the browser may keep it briefly, no shared cache may. */
  private: 'private, no-store',
} as const;
