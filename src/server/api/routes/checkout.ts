import { Hono } from 'hono';
import * as v from 'valibot';
import { CheckoutPayload, formFieldName, IdempotencyKey } from '../../../features/checkout/checkout.schema.ts';
import { deliverPending, mailProviderFromEnv } from '../../../features/mail/mail.server.ts';
import { MAX_ORDERS_PER_COMMIT, type OrderRequest, type PlacedOrder, placeOrders } from '../../../features/orders/orders.server.ts';
import { GroupCommits } from '../../../lib/group-commit.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { inBackground, keepAlive } from '../background.ts';
import { readJson } from '../body.ts';
import { CACHE } from '../cache.ts';
import { databaseKey } from '../database-key.ts';
import type { AppEnv } from '../env.ts';
import { issuesToFields, parseOr400 } from '../validate.ts';

/** Concurrent checkouts of this isolate go to the database in groups (throughput, issue 10). */
const orderGroups = new GroupCommits<OrderRequest, PlacedOrder>(MAX_ORDERS_PER_COMMIT);

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
  const db = c.var.db;
  const result = await orderGroups.submit(
    databaseKey(c),
    { payload: parsed.output, key, siteUrl },
    (group) => placeOrders(db, group),
    (work) => keepAlive(c, work),
  );
  inBackground(c, deliverPending(db, mailProviderFromEnv(env)));
  c.header('Cache-Control', CACHE.none);
  return c.json(result);
});
