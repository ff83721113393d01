import { Hono } from 'hono';
import * as v from 'valibot';
import { DB_DEADLINE_MS, type Db } from '../../../db/db.ts';
import { productTag } from '../../../features/catalog/page-tags.ts';
import { CheckoutPayload, formFieldName, IdempotencyKey } from '../../../features/checkout/checkout.schema.ts';
import { deliverPending, mailProviderFromEnv } from '../../../features/mail/mail.server.ts';
import { placeOrder } from '../../../features/orders/orders.server.ts';
import { recordRefusal } from '../../../features/reports/reports.server.ts';
import { refusalCauseOf } from '../../../features/reports/reports.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { inBackground, siteUrl } from '../background.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { purgeAfterWrites, touchedPages } from '../purge-after-writes.ts';
import { jsonOnly, valid } from '../validate.ts';

/**
 * R6: a checkout the server refused is counted by its cause, outside the money path's transaction.
 * Counting never changes the shopper's answer: a failure to count is logged, and the refusal stands.
 */
async function countRefusal(db: Db, err: unknown): Promise<void> {
  const cause = err instanceof HttpError ? refusalCauseOf(err.code) : null;
  if (!cause) return;
  try {
    await recordRefusal(db, cause, Date.now());
  } catch (failure) {
    console.error('Could not count a refused checkout', failure);
  }
}

const CheckoutHeaders = v.object({ 'idempotency-key': IdempotencyKey }, 'An Idempotency-Key header is required');

export const checkoutRoutes = new Hono<AppEnv>().post(
  '/',
  valid('header', CheckoutHeaders, 'Idempotency-Key'),
  jsonOnly,
  // The form shows each message beside its own input, so `fields` uses the form's names.
  valid('json', CheckoutPayload, 'order', { status: 422, code: 'invalid_order', fieldName: formFieldName }),
  // D40: an order that empties a product's next package changes the lab results its page shows.
  purgeAfterWrites,
  async (c) => {
    const db = c.var.db;
    const writeDb = c.var.dbWith({ deadlineMs: DB_DEADLINE_MS.checkoutWrite });
    const request = {
      payload: c.req.valid('json'),
      key: c.req.valid('header')['idempotency-key'],
      siteUrl: siteUrl(c),
    };
    const { answer, nextPackageChanged } = await placeOrder(db, request, writeDb).catch(async (err: unknown) => {
      await countRefusal(db, err);
      throw err;
    });
    touchedPages(c, nextPackageChanged.map(productTag));
    inBackground(c, deliverPending(db, mailProviderFromEnv(c.env)));
    c.header('Cache-Control', CACHE.none);
    return c.json(answer);
  },
);
