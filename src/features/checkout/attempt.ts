/**
 * D13: one idempotency key per checkout attempt. A retry of the same order (double click, network
 * failure, reload) reuses the key, so the server answers with the order it already made; a changed
 * cart or form is a new attempt with a new key. Kept in sessionStorage so a reload keeps it.
 */
const STORAGE_KEY = 'checkoutAttempt';

interface Attempt {
  key: string;
  fingerprint: string;
}

/** What identifies an order request: everything but the client's display prices (D2). */
export function fingerprint(payload: { items: { price?: unknown }[] } & Record<string, unknown>): string {
  const { subtotal: _s, total: _t, items, ...rest } = payload;
  return JSON.stringify({ ...rest, items: items.map(({ price: _p, ...i }) => i) });
}

function read(): Attempt | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Attempt | null;
    return parsed && typeof parsed.key === 'string' && typeof parsed.fingerprint === 'string' ? parsed : null;
  } catch {
    // Storage refused or holding text that is not JSON both mean no attempt to resume.
    return null;
  }
}

export function attemptKey(print: string): string {
  const stored = read();
  if (stored?.fingerprint === print) return stored.key;
  const key = `co_${crypto.randomUUID().replace(/-/g, '')}`;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ key, fingerprint: print }));
  return key;
}

export function clearAttempt(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
