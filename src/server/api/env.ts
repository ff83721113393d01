import type { Fetcher, R2Bucket } from '@cloudflare/workers-types';
import * as v from 'valibot';
import type { Db, DbConfig, DbOptions } from '../../db/db.ts';
import type { AiEnv } from '../../features/ai/ai.server.ts';
import type { ImageStore } from '../../features/images/image-store.ts';
import type { MailEnv } from '../../features/mail/mail.server.ts';
import type { MetrcEnv } from '../../features/metrc/metrc-client.ts';

/** Bindings the Worker receives (wrangler.toml vars, secrets, R2, and the static files). */
export interface Bindings extends DbConfig, MailEnv, AiEnv, MetrcEnv {
  SITE_URL?: string;
  /** The R2 bucket for uploaded images (wrangler.toml); the Node tests give the app a memory store instead. */
  IMAGES?: R2Bucket;
  /** The deploy's static files; the API runs without them in the Node tests. */
  ASSETS?: Fetcher;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    /** The request's database handle, with the ordinary deadline (DB_DEADLINE_MS.request). */
    db: Db;
    /** Another handle for this request with other options, e.g. checkout's longer write deadline. */
    dbWith: (options: DbOptions) => Db;
    images: ImageStore | null;
    /**
     * Astro's answer to a request, rendered in this request (docs/decisions/0024): the pages the API
     * answers with, and the purge of cached pages. Null where there is no Astro (the Node tests).
     */
    renderPage: ((request: Request) => Promise<Response>) | null;
  };
}

/** How the app reaches image storage: R2 in workerd, memory in the Node tests. */
export type ImageStoreFactory = (env: Bindings) => ImageStore | null;

/** How the app reaches the database: the Workers adapter and the Node tests each pass their own. */
export type DbFactory = (env: Bindings, options?: DbOptions) => Db;

/**
 * A text variable; unless `required`, it may be unset or blank (an empty line in a .env file), and
 * when set it must pass `check`. The '' default makes valibot check a missing variable too.
 */
const variable = (must: string, check: (value: string) => boolean, required = false) =>
  v.pipe(
    v.optional(v.string(`must ${must}`), ''),
    v.trim(),
    v.check((s) => (s === '' ? !required : check(s)), `must ${required ? 'be set and ' : ''}${must}`),
  );

const anyText = () => variable('be text', () => true);
const hasProtocol = (protocols: readonly string[]) => (value: string) => URL.canParse(value) && protocols.includes(new URL(value).protocol);
const webUrl = () => variable('be an http: or https: URL', hasProtocol(['http:', 'https:']));
const databaseUrl = (required: boolean) =>
  variable('be a libsql:, http:, https: or file: URL', hasProtocol(['libsql:', 'http:', 'https:', 'file:']), required);
const milliseconds = () => variable('be a whole number of milliseconds', (s) => /^[1-9]\d{0,8}$/.test(s));
const port = () => variable('be a port number', (s) => /^\d{1,5}$/.test(s) && Number(s) > 0 && Number(s) < 65536);
const email = () => variable('be an e-mail address', (s) => /^[^\s@]+@[^\s@]+$/.test(s));

/** Every text variable the server reads. Bindings that are not text (IMAGES, ASSETS) pass unchecked. */
const serverVariables = {
  LIBSQL_AUTH_TOKEN: anyText(),
  SITE_URL: webUrl(),
  MAIL_API_URL: webUrl(),
  MAIL_API_KEY: anyText(),
  // A display name is allowed: "Greenline <orders@example.com>".
  MAIL_FROM: variable('be an e-mail address', (s) => /[^\s@<]+@[^\s@>]+>?$/.test(s)),
  OPENAI_API_KEY: anyText(),
  OPENAI_BASE_URL: webUrl(),
  OPENAI_MODEL: anyText(),
  OPENAI_IMAGE_MODEL: anyText(),
  OPENAI_TIMEOUT_MS: milliseconds(),
  OPENAI_IMAGE_TIMEOUT_MS: milliseconds(),
  // D40: Metrc's API and its two keys; unset, reports to Metrc wait and the admin's screen says which is missing.
  METRC_BASE_URL: webUrl(),
  METRC_VENDOR_KEY: anyText(),
  METRC_USER_KEY: anyText(),
  METRC_TIMEOUT_MS: milliseconds(),
};

const MAIL_VARIABLES = ['MAIL_API_URL', 'MAIL_API_KEY', 'MAIL_FROM'] as const;

/** Mail is sent only with all three set, so one or two of them is a mistake, not a choice. */
const mailSetTogether = (env: Record<(typeof MAIL_VARIABLES)[number], string>) => {
  const set = MAIL_VARIABLES.filter((name) => env[name] !== '').length;
  return set === 0 || set === MAIL_VARIABLES.length;
};
const MAIL_TOGETHER = `${MAIL_VARIABLES.join(', ')} must be set together: e-mail is sent only when all three are`;

/** The functions' environment: the database is required. */
export const ServerEnv = v.pipe(
  v.object({ LIBSQL_URL: databaseUrl(true), ...serverVariables }),
  v.check((env) => mailSetTogether(env), MAIL_TOGETHER),
);

/** `npm start`'s environment: without LIBSQL_URL it starts its own sqld. */
export const StartEnv = v.pipe(
  v.object({
    LIBSQL_URL: databaseUrl(false),
    ...serverVariables,
    HOST: anyText(),
    PORT: port(),
    LIBSQL_PORT: port(),
    ADMIN_EMAIL: email(),
    ADMIN_PASSWORD: anyText(),
  }),
  v.check((env) => mailSetTogether(env), MAIL_TOGETHER),
);

/**
 * What is wrong with `env`, one line per problem, each naming its variable ("LIBSQL_URL must be
 * ..."), or null when nothing is. Values are never repeated: some are secrets.
 */
export function envProblems(schema: typeof ServerEnv | typeof StartEnv, env: object): string | null {
  const result = v.safeParse(schema, env);
  if (result.success) return null;
  return result.issues
    .map((issue) => {
      const name = v.getDotPath(issue);
      return name ? `${name} ${issue.message}` : issue.message;
    })
    .join('\n');
}
