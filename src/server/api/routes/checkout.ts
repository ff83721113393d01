import { Hono } from 'hono';
import * as v from 'valibot';
import { CheckoutPayload, formFieldName, IdempotencyKey } from '../../../features/checkout/checkout.schema.ts';
import { deliverPending, mailProviderFromEnv } from '../../../features/mail/mail.server.ts';
import { placeOrder } from '../../../features/orders/orders.server.ts';
import { inBackground } from '../background.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const CheckoutHeaders = v.object({ 'idempotency-key': IdempotencyKey }, 'An Idempotency-Key header is required');

export const checkoutRoutes = new Hono<AppEnv>().post(
  '/',
  valid('header', CheckoutHeaders, 'Idempotency-Key'),
  jsonOnly,
  // The form shows each message beside its own input, so `fields` uses the form's names.
  valid('json', CheckoutPayload, 'order', { status: 422, code: 'invalid_order', fieldName: formFieldName }),
  async (c) => {
    // Outside workerd (Node tests, scripts) the app runs without bindings.
    const env = c.env ?? {};
    const db = c.var.db;
    const result = await placeOrder(db, {
      payload: c.req.valid('json'),
      key: c.req.valid('header')['idempotency-key'],
      siteUrl: env.SITE_URL ?? new URL(c.req.url).origin,
    });
    inBackground(c, deliverPending(db, mailProviderFromEnv(env)));
    c.header('Cache-Control', CACHE.none);
    return c.json(result);
  },
);
