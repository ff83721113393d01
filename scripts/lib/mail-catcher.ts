/**
 * `npm start`'s stand-in for an e-mail provider when none is configured (no MAIL_API_URL): an HTTP
 * listener on 127.0.0.1 that takes what the shop's HTTP provider sends (mailProviderFromEnv in
 * src/features/mail/mail.server.ts: POST JSON {from, to, subject, text} with `Authorization: Bearer
 * KEY`, answered 200 {id}) and keeps each message as a file in its folder, so a person trying the
 * shop locally receives staff invitations and resets, which are sent at once and never stored.
 *
 * The key is made anew each run: only the shop, which is handed it, can leave mail here. Each
 * message is one file (0600) named by its time and its recipient, with From, To, Subject and Date
 * headers, a blank line and the text, as an .eml file reads.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { writePrivateFile } from './env-file.ts';

export interface MailCatcher {
  /** What to set MAIL_API_URL to. */
  url: string;
  /** What to set MAIL_API_KEY to. */
  key: string;
  /** The folder the messages are written to. */
  dir: string;
  close: () => Promise<void>;
}

/** Bodies larger than this are refused (413): a shop e-mail is a few kilobytes. */
const MAX_BODY_BYTES = 1_000_000;

interface CaughtMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** The message's fields when the body is the provider API's JSON; null otherwise. */
function parseMail(body: string): CaughtMail | null {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { from, to, subject, text } = data as Record<string, unknown>;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string') return null;
  if (!to.trim()) return null;
  return { from, to, subject, text };
}

/** A header value on one line: a line break in it would start a header of its own. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** A file-name-safe form of an address: letters, digits, `.`, `-` and `_` only, `@` as `-at-`. */
export function slug(address: string): string {
  const safe = address
    .toLowerCase()
    .replace(/@/g, '-at-')
    .replace(/[^a-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80);
  return safe || 'recipient';
}

function isKey(header: string | undefined, key: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${key}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const answer = (res: ServerResponse, status: number, body: object) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * Starts the catcher on a free port of 127.0.0.1, writing messages into `dir` (made 0700) and one
 * line per message, or per refused request, into `logFile`.
 */
export async function startMailCatcher(opts: { dir: string; logFile: string; key?: string }): Promise<MailCatcher> {
  const key = opts.key ?? randomBytes(32).toString('hex');
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const log = (line: string) => {
    mkdirSync(path.dirname(opts.logFile), { recursive: true });
    appendFileSync(opts.logFile, `${new Date().toISOString()} ${line}\n`);
  };
  let count = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      answer(res, 405, { message: 'POST a message' });
      return;
    }
    if (!isKey(req.headers.authorization, key)) {
      log('refused a message: wrong or missing key');
      answer(res, 401, { message: 'wrong or missing API key' });
      return;
    }
    const mail = parseMail(body);
    if (!mail) {
      log('refused a message: not JSON {from, to, subject, text}');
      answer(res, 400, { message: 'the body must be JSON {from, to, subject, text}' });
      return;
    }
    const id = randomUUID();
    const at = new Date();
    count++;
    // Time first so the folder lists in order; the count keeps two in one millisecond apart.
    const name = `${at.toISOString().replace(/[:.]/g, '-')}-${String(count).padStart(4, '0')}-${slug(mail.to)}.eml`;
    const file = path.join(opts.dir, name);
    const text = [
      `From: ${oneLine(mail.from)}`,
      `To: ${oneLine(mail.to)}`,
      `Subject: ${oneLine(mail.subject)}`,
      `Date: ${at.toUTCString()}`,
      `Message-ID: <${id}@mail-catcher.local>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '',
    ].join('\n');
    try {
      writePrivateFile(file, text);
    } catch (err) {
      log(`could not keep a message: ${err instanceof Error ? err.message : String(err)}`);
      answer(res, 500, { message: 'could not keep the message' });
      return;
    }
    log(`caught a message to ${oneLine(mail.to)}: ${name}`);
    answer(res, 200, { id });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) answer(res, 413, { message: 'message too large' });
      else handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/emails`;
  log(`listening on ${url}; messages go to ${opts.dir}`);
  return {
    url,
    key,
    dir: opts.dir,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
