/**
 * The deploy hook (docs/decisions/0013): while the built pages are older than the catalogue, pages
 * are drawn on request; the static pages catch up when the site is built again. With
 * DEPLOY_HOOK_URL set (a Cloudflare Pages deploy hook, or `npm start`'s own listener), a stale page
 * request or an admin write asks for that build, at most once per interval across every isolate,
 * and every call is recorded in deploy_hook_calls with its answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { BuiltCatalogue } from './built.ts';
import { DEPLOY_HOOK_CALL_TIMEOUT_MS } from './deploy-hook.ts';
import { readPageStamp } from './stamp.server.ts';
import { type CurrentStamp, sameStamp } from './stamp.ts';

export interface DeployHookEnv {
  /** POSTed to ask for a build of the site; unset, nothing is called. */
  DEPLOY_HOOK_URL?: string | undefined;
  /** The least time between two calls, in seconds (default DEPLOY_HOOK_DEFAULT_INTERVAL_SECONDS). */
  DEPLOY_HOOK_MIN_INTERVAL_SECONDS?: string | undefined;
}

/** A Pages build takes minutes; a call per change would queue builds that each rebuild the same. */
const DEPLOY_HOOK_DEFAULT_INTERVAL_SECONDS = 300;

interface DeployHookCall {
  id: number;
  catalogueVersion: number;
  calledAt: number;
  status: number | null;
  error: string | null;
}

function intervalMs(env: DeployHookEnv): number {
  const seconds = Number(env.DEPLOY_HOOK_MIN_INTERVAL_SECONDS?.trim() || DEPLOY_HOOK_DEFAULT_INTERVAL_SECONDS);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEPLOY_HOOK_DEFAULT_INTERVAL_SECONDS) * 1000;
}

/**
 * When a call is due: none was made within the interval, and none already asked for this catalogue
 * (this version or a newer one, made after the latest deal boundary) without failing. A failed
 * call, or one that never recorded an answer, is made again once the interval has passed.
 */
function callIsDue(current: CurrentStamp, interval: number, now: number) {
  return sql`not exists (select 1 from deploy_hook_calls where called_at > ${now - interval})
    and not exists (
      select 1 from deploy_hook_calls
      where catalogue_version >= ${current.version} and called_at >= ${current.lastBoundaryAt ?? 0}
        and error is null and (status < 300 or (status is null and called_at > ${now - 2 * DEPLOY_HOOK_CALL_TIMEOUT_MS}))
    )`;
}

/**
 * Claims the call: a read first, since most stale requests find a call made already and a write
 * would queue them all for the database's one write lock; then one statement that writes the row
 * only if the call is still due, so two isolates cannot both claim it.
 */
async function claim(db: Db, current: CurrentStamp, interval: number, now: number): Promise<number | null> {
  const due = callIsDue(current, interval, now);
  const [check] = await db.all<{ due: number }>(sql`select ${due} as due`);
  if (!check?.due) return null;
  const rows = await db.all<{ id: number }>(sql`
    insert into deploy_hook_calls (catalogue_version, called_at)
    select ${current.version}, ${now} where ${due}
    returning id`);
  return rows[0]?.id ?? null;
}

/**
 * Calls the deploy hook when the built pages (`built`, null when unknown) are older than the
 * catalogue and a call is due; resolves with the recorded call, or null when none was made. Meant
 * to run after the answer (waitUntil): it never throws for the hook's failure, which it records.
 */
export async function callDeployHookIfDue(
  db: Db,
  env: DeployHookEnv,
  built: Pick<BuiltCatalogue, 'epoch' | 'version' | 'boundaries'> | null,
  options: { current?: CurrentStamp; now?: number; fetch?: typeof fetch } = {},
): Promise<DeployHookCall | null> {
  const url = env.DEPLOY_HOOK_URL?.trim();
  if (!url) return null;
  const now = options.now ?? Date.now();
  const current = options.current ?? (await readPageStamp(db, now));
  if (sameStamp(built, current)) return null;
  const id = await claim(db, current, intervalMs(env), now);
  if (id == null) return null;
  let status: number | null = null;
  let error: string | null = null;
  try {
    const res = await (options.fetch ?? fetch)(url, { method: 'POST', signal: AbortSignal.timeout(DEPLOY_HOOK_CALL_TIMEOUT_MS) });
    await res.body?.cancel();
    status = res.status;
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  await db.run(sql`update deploy_hook_calls set status = ${status}, error = ${error} where id = ${id}`);
  return { id, catalogueVersion: current.version, calledAt: now, status, error };
}
