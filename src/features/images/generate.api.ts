/** The flower image generator's calls (admin.md §7) for its island. The session rides on the cookie. */
import { apiFetch } from '../../lib/api.ts';
import type { FlowerImagesResponse, GenerateImageResponse, GenerateMissingResponse } from './generate.ts';

export const generateApi = {
  flowerImages: () => apiFetch<FlowerImagesResponse>('/api/admin/flower-images'),
  generate: (productId: number, strainName: string) =>
    apiFetch<GenerateImageResponse>('/api/admin/generate-product-image', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId, strainName }),
    }),
  /** The server-side bulk run (at most BULK_GENERATION_LIMIT products per call; ?after= goes on past earlier ones). */
  generateMissing: (after?: number) =>
    apiFetch<GenerateMissingResponse>(`/api/admin/generate-missing-flower-images${after ? `?after=${after}` : ''}`, { method: 'POST' }),
};
