import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { products, siteImages } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { auditInsert } from '../audit/audit.server.ts';
import type { SiteImageInput } from './site-images.schema.ts';

export async function listSiteImages(db: Db) {
  return db.select().from(siteImages).orderBy(asc(siteImages.id));
}

export async function createSiteImage(db: Db, input: SiteImageInput) {
  const [row] = await db
    .insert(siteImages)
    .values({ ...input, linkTo: input.linkTo || null })
    .returning();
  return row;
}

export async function updateSiteImage(db: Db, id: number, input: SiteImageInput) {
  const [row] = await db
    .update(siteImages)
    .set({ ...input, linkTo: input.linkTo || null, updatedAt: Date.now() })
    .where(eq(siteImages.id, id))
    .returning();
  if (!row) throw notFound('Site image');
  return row;
}

export async function deleteSiteImage(db: Db, id: number): Promise<void> {
  const result = await db.delete(siteImages).where(eq(siteImages.id, id)).returning({ id: siteImages.id });
  if (result.length === 0) throw notFound('Site image');
}

/** A product's new image, audited (M3) in the same batch. */
export async function setProductImage(db: Db, id: number, image: string, actor: string): Promise<void> {
  const [row] = await db.select({ image: products.image }).from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product');
  const audit = auditInsert(db, actor, 'product', id, row, { image });
  const update = db.update(products).set({ image, updatedAt: Date.now() }).where(eq(products.id, id));
  await (audit ? db.batch([update, audit]) : update);
}
