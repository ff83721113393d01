import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

const handles = new WeakMap<object, string>();

/**
 * Names the database a request talks to, for grouping work of one isolate by database (group
 * commit, collapsed reads). In workerd each request builds its own handle, so the URL binding names
 * it; outside workerd (Node tests) the app has no bindings and the shared handle names itself.
 */
export function databaseKey(c: Context<AppEnv>): string {
  const url = c.env?.LIBSQL_URL;
  if (url) return url;
  const db = c.var.db;
  let name = handles.get(db);
  if (!name) {
    name = `handle:${Math.random().toString(36).slice(2)}`;
    handles.set(db, name);
  }
  return name;
}
