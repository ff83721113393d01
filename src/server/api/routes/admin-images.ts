import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { imageKey, imageUrlFor, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../features/images/images.ts';
import { ProductImageInput, SiteImageInput } from '../../../features/images/site-images.schema.ts';
import {
  createSiteImage,
  deleteSiteImage,
  listSiteImages,
  setProductImage,
  updateSiteImage,
} from '../../../features/images/site-images.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { sniffImageType } from '../../../lib/image-type.ts';
import { adminActor } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, limitBody, valid } from '../validate.ts';

/** Multipart framing around the file: boundaries and part headers stay well under this. */
const MULTIPART_OVERHEAD = 16 * 1024;

const fileTooLarge = () => new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.tooLarge, { image: UPLOAD_MESSAGES.tooLarge });

const uploadLimit = limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, fileTooLarge);

const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

/**
 * Image routes of admin.md §7, mounted inside the admin router (so behind the session guard and
 * the same-origin check).
 */
export const adminImageRoutes = new Hono<AppEnv>()
  .post('/upload-image', uploadLimit, async (c) => {
    if (!c.var.images) throw new HttpError(503, 'images_not_configured', 'Image storage is not configured.');
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      // parseBody fails only on a body that is not a form: the upload is missing either way.
      throw new HttpError(400, 'invalid_upload', UPLOAD_MESSAGES.missing, { image: UPLOAD_MESSAGES.missing });
    }
    const file = form.image;
    if (!(file instanceof File) || file.size === 0)
      throw new HttpError(400, 'invalid_upload', UPLOAD_MESSAGES.missing, { image: UPLOAD_MESSAGES.missing });
    if (file.size > MAX_UPLOAD_BYTES) throw fileTooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The bytes decide, not the name or the declared type (D22).
    const type = sniffImageType(bytes);
    if (!type) throw new HttpError(415, 'not_an_image', UPLOAD_MESSAGES.notImage, { image: UPLOAD_MESSAGES.notImage });
    const key = await imageKey(bytes, type);
    await c.var.images.put(key, bytes, type);
    return c.json({ imageUrl: imageUrlFor(key) });
  })
  .patch('/products/:id/image', IdInPath, jsonOnly, valid('json', ProductImageInput, 'image'), async (c) => {
    const { image } = c.req.valid('json');
    await setProductImage(c.var.db, c.req.valid('param').id, image, adminActor(c));
    return c.json({ success: true, image });
  })
  .get('/site-images', async (c) => c.json(await listSiteImages(c.var.db)))
  .post('/site-images', jsonOnly, valid('json', SiteImageInput, 'name'), async (c) => {
    return c.json(await createSiteImage(c.var.db, c.req.valid('json')), 201);
  })
  .patch('/site-images/:id', IdInPath, jsonOnly, valid('json', SiteImageInput, 'name'), async (c) => {
    return c.json(await updateSiteImage(c.var.db, c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/site-images/:id', IdInPath, async (c) => {
    await deleteSiteImage(c.var.db, c.req.valid('param').id);
    return c.json({ success: true });
  });
