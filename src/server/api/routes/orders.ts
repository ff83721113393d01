import { Hono } from 'hono';
import * as v from 'valibot';
import { getOrderByRef } from '../../../features/orders/orders.server.ts';
import { ORDER_REF_PATTERN } from '../../../features/orders/orders.ts';
import { getTracking } from '../../../features/orders/tracking.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

const OrderRef = v.pipe(v.string(), v.regex(ORDER_REF_PATTERN, 'That is not an order reference'));
const byRef = valid('param', v.object({ ref: OrderRef }), 'ref');
const notFound = () => new HttpError(404, 'not_found', "We couldn't find this order");

/** D14: orders are read by their unguessable reference only. */
export const ordersRoutes = new Hono<AppEnv>()
  .get('/:ref', byRef, async (c) => {
    const { ref } = c.req.valid('param');
    const order = await getOrderByRef(c.var.db, ref);
    if (!order) throw notFound();
    // Personal data: never stored by shared caches.
    c.header('Cache-Control', CACHE.private);
    return c.json(order);
  })
  // D30: the order's progress, which the confirmation page asks for again while the order is open;
  // never stored, so each ask sees the latest move.
  .get('/:ref/tracking', byRef, async (c) => {
    const { ref } = c.req.valid('param');
    const tracking = await getTracking(c.var.db, ref);
    if (!tracking) throw notFound();
    c.header('Cache-Control', CACHE.private);
    return c.json(tracking);
  });
