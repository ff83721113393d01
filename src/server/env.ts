import type { Db, DbConfig } from '../db/db.ts';
import type { MailEnv } from '../features/mail/mail.server.ts';

/** Bindings the functions receive (wrangler.toml vars, secrets, R2). */
export interface Bindings extends DbConfig, MailEnv {
  SITE_URL?: string;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: { db: Db };
}

/** How the app reaches the database: the Workers adapter and the Node tests each pass their own. */
export type DbFactory = (env: Bindings) => Db;
