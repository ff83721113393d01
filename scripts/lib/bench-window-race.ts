/**
 * The bench's window race (D36): many shoppers at once for the places of one delivery window,
 * through the running stack. The window is added for the race (mid-morning, two days on), so no
 * other row has booked it; the capacity trigger must give its places to exactly as many shoppers
 * as it has, and refuse the rest with the 409.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { createNodeDb } from '../../src/db/client.server.ts';
import { deliveryWindows, orders } from '../../src/db/schema.ts';
import { addDays, minuteText, nyDate, weekdayOf } from '../../src/features/delivery/windows.ts';
import { toEpochOrThrow } from '../../src/lib/ny-time.ts';
import { checkoutPayload } from '../../tests/fixtures/checkout.ts';
import { BENCH_CALL_MS, BENCH_DB_MS } from './load.ts';

/**
 * A window no seeded one starts at (they start on the hour), inside every state's delivery hours
 * (D39), so it is bookable and no other row books it.
 */
const RACE_START_MINUTE = 9 * 60 + 30;
const RACE_END_MINUTE = 10 * 60 + 30;

export interface WindowRaceResult {
  shoppers: number;
  capacity: number;
  /** Answered 200. */
  placed: number;
  /** Answered 409 window_full. */
  refused: number;
  /** Any other answer, by status (a refused connection counts as 0). */
  other: Record<string, number>;
  /** Orders the window holds afterwards, as the database says. */
  booked: number;
  seconds: number;
}

export async function benchWindowRace(opts: {
  base: string;
  dbUrl: string;
  productId: number;
  shoppers: number;
  capacity: number;
}): Promise<WindowRaceResult> {
  const { db, close } = createNodeDb({ LIBSQL_URL: opts.dbUrl }, { deadlineMs: BENCH_DB_MS });
  try {
    const date = addDays(nyDate(Date.now()), 2);
    await db.insert(deliveryWindows).values({
      weekday: weekdayOf(date),
      startMinute: RACE_START_MINUTE,
      endMinute: RACE_END_MINUTE,
      capacity: opts.capacity,
    });
    const windowId = `${date}T${minuteText(RACE_START_MINUTE)}`;
    // A customer each (checkoutPayload's default): a day's limits count per phone and e-mail (D39).
    const bodies = Array.from({ length: opts.shoppers }, () =>
      JSON.stringify(checkoutPayload([{ productId: opts.productId, quantity: 1 }], { deliveryWindow: windowId })),
    );
    const started = performance.now();
    const answers = await Promise.all(
      bodies.map(async (body, i) => {
        try {
          const res = await fetch(`${opts.base}/api/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `race-${process.pid}-${i}-${Date.now()}` },
            body,
            signal: AbortSignal.timeout(BENCH_CALL_MS),
          });
          const answer = (await res.json()) as { code?: string };
          return res.status === 409 && answer.code === 'window_full' ? 'refused' : String(res.status);
        } catch {
          return '0';
        }
      }),
    );
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.windowStart, toEpochOrThrow(windowId)), ne(orders.status, 'cancelled')));
    const other: Record<string, number> = {};
    for (const a of answers) if (a !== '200' && a !== 'refused') other[a] = (other[a] ?? 0) + 1;
    return {
      shoppers: opts.shoppers,
      capacity: opts.capacity,
      placed: answers.filter((a) => a === '200').length,
      refused: answers.filter((a) => a === 'refused').length,
      other,
      booked: row?.n ?? 0,
      seconds,
    };
  } finally {
    close();
  }
}
