/**
 * An island prop passed as one JSON string. Astro writes each prop of an island as nested
 * [type, value] pairs that the page's inline script revives value by value before React hydrates,
 * in the same task: for a list of 24 products that walk was ~7 ms here (~30 ms on Lighthouse's
 * throttled phone, issue 10). A string is revived as it is, and JSON.parse reads it natively.
 * For plain JSON data only (what the API answers): no Dates, Maps or undefined.
 */
declare const packedType: unique symbol;
export type Packed<T> = string & { readonly [packedType]: T };

export const pack = <T>(value: T): Packed<T> => JSON.stringify(value) as Packed<T>;

export const unpack = <T>(packed: Packed<T>): T => JSON.parse(packed) as T;
