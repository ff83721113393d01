/** The flower image generator's calls (admin.md §7) for its island; their types come from the routes. */
import { api, call } from '../../lib/api.ts';

export const generateApi = {
  flowerImages: () => call(api.admin['flower-images'].$get()),
  generate: (productId: number, strainName: string) => call(api.admin['generate-product-image'].$post({ json: { productId, strainName } })),
  /** The server-side bulk run (at most BULK_GENERATION_LIMIT products per call; ?after= goes on past earlier ones). */
  generateMissing: (after?: number) =>
    call(api.admin['generate-missing-flower-images'].$post({ query: after ? { after: String(after) } : {} })),
};
