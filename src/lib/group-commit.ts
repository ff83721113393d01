/**
 * Group commit: items submitted while a group is being written wait and go together in the next
 * group, so N concurrent checkouts cost two database round trips instead of 2N. SQLite has one
 * writer and each libSQL round trip costs ~10 ms on the local server (docs/decisions/0009), so this
 * is where checkout throughput comes from. A lone item never waits: with nothing in flight it is
 * flushed at once, so one shopper at a time sees no added latency.
 *
 * Workers rules shape it. I/O may only run in the request that started it, and a request that waits
 * on nothing of its own (only on a promise another request will settle) is cancelled as hung; a
 * waiter woken through such a promise was also seen, under load, to run its next fetch outside its
 * own request ("Cannot perform I/O on behalf of a different request"). So there is no leader that
 * serves others later and no cross-request wake-up: whoever finds the group idle writes it inline,
 * in its own request, and waiters look again on a short timer of their own (a timer is their own
 * I/O, and its callback runs in their own request). A waiter whose client went away stops; the
 * others carry on.
 */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** The outcome of one piece of work: its value, or what it threw. */
export async function settle<R>(work: Promise<R>): Promise<Outcome<R>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Writes a group; one outcome per item, in order. A throw fails every item of the group. */
export type Flush<T, R> = (items: T[]) => Promise<Outcome<R>[]>;

interface Waiter<T, R> {
  item: T;
  outcome?: Outcome<R>;
}

/** A flush running this long is presumed lost with its request; a newcomer may start the next. */
const STALE_FLUSH_MS = 15_000;

/** How often a waiter looks whether its item is done or the group is free to lead. */
const POLL_MS = 2;

export class GroupCommit<T, R> {
  readonly #queue: Waiter<T, R>[] = [];
  #flushingSince: number | null = null;

  readonly maxGroup: number;

  constructor(maxGroup: number) {
    this.maxGroup = maxGroup;
  }

  /**
   * Resolves with the item's own outcome. `flush` is this caller's way to write a group (its
   * database handle, in its request); it is used only if this caller ends up leading a group.
   * `keepAlive` hands a running flush to the runtime (waitUntil) so a shopper closing the tab
   * cannot cancel a write other shoppers are waiting for.
   */
  async submit(item: T, flush: Flush<T, R>, keepAlive?: (work: Promise<unknown>) => void): Promise<R> {
    const me: Waiter<T, R> = { item };
    this.#queue.push(me);
    while (!me.outcome) {
      if (this.#idle()) {
        const run = this.#flushNext(flush);
        keepAlive?.(run);
        await run;
      } else {
        await this.#nextWake();
      }
    }
    if (me.outcome.ok) return me.outcome.value;
    throw me.outcome.error;
  }

  /** A timer of our own; POLL_MS bounds the wait added after a flush ends. */
  #nextWake(): Promise<void> {
    return new Promise<void>((resolve) => setTimeout(resolve, POLL_MS));
  }

  /** Nothing queued and nothing being written. */
  get settled(): boolean {
    return this.#queue.length === 0 && this.#flushingSince === null;
  }

  #idle(): boolean {
    return this.#flushingSince === null || Date.now() - this.#flushingSince > STALE_FLUSH_MS;
  }

  async #flushNext(flush: Flush<T, R>): Promise<void> {
    const started = Date.now();
    this.#flushingSince = started;
    const group = this.#queue.splice(0, this.maxGroup);
    try {
      let outcomes: Outcome<R>[];
      try {
        outcomes = await flush(group.map((w) => w.item));
      } catch (error) {
        outcomes = group.map(() => ({ ok: false, error }));
      }
      group.forEach((w, i) => {
        w.outcome = outcomes[i] ?? { ok: false, error: new Error('The group commit gave no outcome for this item.') };
      });
    } finally {
      // A stale flush finishing late must not mark a newer one as done.
      if (this.#flushingSince === started) this.#flushingSince = null;
    }
  }
}

/**
 * One GroupCommit per key (a database, or a database and a query), created on first use and
 * dropped once nothing waits on it, so keys made from shoppers' queries cannot pile up.
 */
export class GroupCommits<T, R> {
  readonly #groups = new Map<string, GroupCommit<T, R>>();
  readonly maxGroup: number;

  constructor(maxGroup: number) {
    this.maxGroup = maxGroup;
  }

  async submit(key: string, item: T, flush: Flush<T, R>, keepAlive?: (work: Promise<unknown>) => void): Promise<R> {
    let group = this.#groups.get(key);
    if (!group) {
      group = new GroupCommit<T, R>(this.maxGroup);
      this.#groups.set(key, group);
    }
    try {
      return await group.submit(item, flush, keepAlive);
    } finally {
      if (group.settled && this.#groups.get(key) === group) this.#groups.delete(key);
    }
  }

  /** How many keys are held (for tests). */
  get size(): number {
    return this.#groups.size;
  }
}
