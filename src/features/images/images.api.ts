/** The image calls of admin.md §7 (the upload itself is in upload.ts: it needs XHR for progress). */
import { apiFetch } from '../../lib/api.ts';
import type { AdminSiteImage } from './image-ui.ts';
import type { SiteImageInput } from './site-images.schema.ts';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const PUBLIC_SITE_IMAGES_URL = '/api/site-images';

export const imagesApi = {
  setProductImage: (id: number, image: string) =>
    apiFetch<{ success: true; image: string }>(`/api/admin/products/${id}/image`, json('PATCH', { image })),
  siteImages: () => apiFetch<AdminSiteImage[]>('/api/admin/site-images'),
  createSiteImage: (input: SiteImageInput) => apiFetch<AdminSiteImage>('/api/admin/site-images', json('POST', input)),
  updateSiteImage: (id: number, input: SiteImageInput) => apiFetch<AdminSiteImage>(`/api/admin/site-images/${id}`, json('PATCH', input)),
  deleteSiteImage: (id: number) => apiFetch<{ success: true }>(`/api/admin/site-images/${id}`, { method: 'DELETE' }),
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
