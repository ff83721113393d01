import type { Miniflare } from 'miniflare';
import { startWorkerd } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';

/**
 * The built Worker in workerd (Miniflare) from its config, `<dist>/server/wrangler.json`
 * (inject('workerConfig')), with the bindings production has besides the config's vars.
 */
export function startWorker(config: string, bindings: Record<string, string>): Miniflare {
  return startWorkerd({ config, bindings });
}

/**
 * Signs `admin` in to the Worker as a browser on `origin` would (same-origin post, its own client
 * address, so each file's sign-ins count apart); resolves with the session cookie.
 */
export async function signInTo(
  mf: Miniflare,
  origin: string,
  admin: { email: string; password: string },
  clientAddress: string,
): Promise<string> {
  const res = await mf.dispatchFetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'cf-connecting-ip': clientAddress },
    body: JSON.stringify(admin),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${admin.email} answered ${res.status}: ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Adds the staff account `admin` (role admin) to the database at `url`, for a Worker test to sign in with. */
export async function addAdmin(url: string, admin: { email: string; password: string }): Promise<void> {
  const { db, close } = createNodeDb({ LIBSQL_URL: url });
  try {
    await createAdmin(db, admin.email, admin.password);
  } finally {
    close();
  }
}
