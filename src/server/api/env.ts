import type { Db, DbConfig } from '../../db/db.ts';
import type { AiEnv } from '../../features/ai/ai.server.ts';
import type { ImageStore, R2Like } from '../../features/images/image-store.ts';
import type { MailEnv } from '../../features/mail/mail.server.ts';

/** Bindings the functions receive (wrangler.toml vars, secrets, R2). */
export interface Bindings extends DbConfig, MailEnv, AiEnv {
  SITE_URL?: string;
  /** The R2 bucket for uploaded images (wrangler.toml). */
  IMAGES?: R2Like;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: { db: Db; images: ImageStore | null };
}

/** How the app reaches image storage: R2 in workerd, memory in the Node tests. */
export type ImageStoreFactory = (env: Bindings) => ImageStore | null;

/** How the app reaches the database: the Workers adapter and the Node tests each pass their own. */
export type DbFactory = (env: Bindings) => Db;
