import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/db.ts';
import { orders } from '../../src/db/schema.ts';
import { toEpochOrThrow } from '../../src/lib/ny-time.ts';

/** The instant of a New York wall time, 'YYYY-MM-DDTHH:mm'. */
export const nyInstant = (wall: string): number => toEpochOrThrow(wall);

/**
 * Puts an order in a delivery window, for tests about what happens after checkout (dispatch,
 * the door, tracking) that need orders in a window of their choosing.
 */
export async function setOrderWindow(db: Db, ref: string, startWall: string, endWall: string, capacity = 10): Promise<void> {
  await db
    .update(orders)
    .set({ windowStart: nyInstant(startWall), windowEnd: nyInstant(endWall), windowCapacity: capacity })
    .where(eq(orders.ref, ref));
}
