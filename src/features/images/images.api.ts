/**
 * The image calls of admin.md §7; their types come from the routes. The upload itself is in
 * upload.ts: it reports progress, which needs XMLHttpRequest (fetch, and so hono/client, cannot).
 */
import { api, call } from '../../lib/api.ts';
import type { SiteImageInput } from './site-images.schema.ts';

export const PUBLIC_SITE_IMAGES_URL = '/api/site-images';

const admin = api.admin;

export const imagesApi = {
  setProductImage: (id: number, image: string) => call(admin.products[':id'].image.$patch({ param: { id: String(id) }, json: { image } })),
  siteImages: () => call(admin['site-images'].$get()),
  createSiteImage: (json: SiteImageInput) => call(admin['site-images'].$post({ json })),
  updateSiteImage: (id: number, json: SiteImageInput) => call(admin['site-images'][':id'].$patch({ param: { id: String(id) }, json })),
  deleteSiteImage: (id: number) => call(admin['site-images'][':id'].$delete({ param: { id: String(id) } })),
};

/**
 * The public list is cacheable for a minute. After a change, fetch it once past the browser cache
 * ('reload' stores the fresh answer), so the admin's own next look at the home page shows the
 * change at once; shoppers see it when their copy expires. Failure here changes nothing.
 */
export async function refreshPublicSiteImages(): Promise<void> {
  try {
    const res = await fetch(PUBLIC_SITE_IMAGES_URL, {
      cache: 'reload',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    await res.arrayBuffer();
  } catch {
    // Offline or refused: the cached copy simply expires on its own.
  }
}
