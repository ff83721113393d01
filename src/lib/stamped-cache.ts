/**
 * Strings kept under a key together with the stamp of the data they were built from. A lookup
 * names the stamp the data has now and finds an entry only if it was built at that very stamp, so
 * a kept value can be no older than what the caller has just seen. Bounded by entries and by total
 * characters (keys included, so many tiny answers under long keys cannot grow it without limit): the
 * least recently used entries go first, and a value above the entry limit is never kept.
 */
export interface Stamped {
  stamp: string;
  /** The kept text; its length (with the key's) is what counts against the bounds. */
  body: string;
}

export class StampedCache<E extends Stamped> {
  readonly #entries = new Map<string, E>();
  #chars = 0;
  readonly maxEntryChars: number;
  readonly maxTotalChars: number;
  readonly maxEntries: number;

  constructor(limits: { maxEntryChars: number; maxTotalChars: number; maxEntries: number }) {
    this.maxEntryChars = limits.maxEntryChars;
    this.maxTotalChars = limits.maxTotalChars;
    this.maxEntries = limits.maxEntries;
  }

  get(key: string, stamp: string): E | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#remove(key, entry);
    // Built at another stamp: useless now (stamps only move forward), so it is dropped, not kept.
    if (entry.stamp !== stamp) return undefined;
    // Re-inserted to mark it most recently used (a Map iterates in insertion order).
    this.#add(key, entry);
    return entry;
  }

  set(key: string, entry: E): void {
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    if (key.length + entry.body.length > this.maxEntryChars) return;
    this.#add(key, entry);
    for (const [oldest, value] of this.#entries) {
      if (this.#chars <= this.maxTotalChars && this.#entries.size <= this.maxEntries) break;
      this.#remove(oldest, value);
    }
  }

  /** Whether anything is kept under `key`, at any stamp (it is not marked as used). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  get chars(): number {
    return this.#chars;
  }

  #add(key: string, entry: E): void {
    this.#entries.set(key, entry);
    this.#chars += key.length + entry.body.length;
  }

  #remove(key: string, entry: E): void {
    this.#entries.delete(key);
    this.#chars -= key.length + entry.body.length;
  }
}
