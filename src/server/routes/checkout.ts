import { Hono } from 'hono';
import * as v from 'valibot';
import { CheckoutPayload, formFieldName, IdempotencyKey } from '../../features/checkout/checkout.schema.ts';
import { deliverPending, mailProviderFromEnv } from '../../features/mail/mail.server.ts';
import { placeOrder } from '../../features/orders/orders.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { inBackground } from '../background.ts';
import { readJson } from '../body.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { issuesToFields, parseOr400 } from '../validate.ts';

export const checkoutRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const key = parseOr400(IdempotencyKey, c.req.header('idempotency-key'), 'Idempotency-Key');
  const body = await readJson(c);
  const parsed = v.safeParse(CheckoutPayload, body);
  if (!parsed.success) {
    const fields = Object.fromEntries(Object.entries(issuesToFields(parsed.issues, 'order')).map(([k, m]) => [formFieldName(k), m]));
    throw new HttpError(422, 'invalid_order', Object.values(fields)[0] ?? 'Please check your details.', fields);
  }
  // Outside workerd (Node tests, scripts) the app runs without bindings.
  const env = c.env ?? {};
  const siteUrl = env.SITE_URL ?? new URL(c.req.url).origin;
  const result = await placeOrder(c.var.db, parsed.output, key, siteUrl);
  inBackground(c, deliverPending(c.var.db, mailProviderFromEnv(env)));
  c.header('Cache-Control', CACHE.none);
  return c.json(result);
});
