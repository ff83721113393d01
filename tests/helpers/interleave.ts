/**
 * Races forced, not timed: a database handle that runs another change just before one of its
 * batches, so it lands between a write's reads and its batch every time.
 */
import { expect } from 'vitest';
import type { Db } from '../../src/db/db.ts';
import { HttpError } from '../../src/lib/http-error.ts';

/** Which batch the change goes before: given the batch's statements and its number (from 1). */
export type BatchPick = (statements: readonly unknown[], n: number) => boolean;

/** The `nth` batch. */
export const nthBatch =
  (nth: number): BatchPick =>
  (_, n) =>
    n === nth;

/** The first batch that writes: anything but select query builders (raw statements are guards and stock moves). */
export const firstWritingBatch: BatchPick = (statements) =>
  statements.some((s) => !/^select\b/i.test((s as { toSQL?: () => { sql: string } }).toSQL?.().sql ?? 'insert'));

/** `db`, with `meanwhile` run once (on the real handle) just before the first batch `at` picks. */
export function changedBeforeBatch(db: Db, at: BatchPick, meanwhile: () => Promise<unknown>): Db {
  let batches = 0;
  let done = false;
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'batch') {
        return async (...args: Parameters<Db['batch']>) => {
          if (!done && at(args[0], ++batches)) {
            done = true;
            await meanwhile();
          }
          return target.batch(...args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** What `write` was refused with: it must fail with an HttpError. */
export async function refusal(write: Promise<unknown>): Promise<HttpError> {
  const err = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}
