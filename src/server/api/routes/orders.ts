import { Hono } from 'hono';
import * as v from 'valibot';
import { getOrderByRef } from '../../../features/orders/orders.server.ts';
import { ORDER_REF_PATTERN } from '../../../features/orders/orders.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

const OrderRef = v.pipe(v.string(), v.regex(ORDER_REF_PATTERN, 'That is not an order reference'));

/** D14: orders are read by their unguessable reference only. */
export const ordersRoutes = new Hono<AppEnv>().get('/:ref', valid('param', v.object({ ref: OrderRef }), 'ref'), async (c) => {
  const { ref } = c.req.valid('param');
  const order = await getOrderByRef(c.var.db, ref);
  if (!order) throw new HttpError(404, 'not_found', "We couldn't find this order");
  // Personal data: never stored by shared caches.
  c.header('Cache-Control', CACHE.private);
  return c.json(order);
});
