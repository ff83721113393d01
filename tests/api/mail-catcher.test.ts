/**
 * `npm start`'s local mail catcher (scripts/lib/mail-catcher.ts) in place of an e-mail provider:
 * the shop's real HTTP provider client (mailProviderFromEnv) sends to it, and each message becomes
 * a file only its owner can read; a wrong key or a body that is not the API's JSON is refused.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, slug, startMailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { mailProviderFromEnv } from '../../src/features/mail/mail.server.ts';
import { scratchDir } from '../helpers/stack.ts';

const scratch = scratchDir('mail-catcher');
const mailDir = path.join(scratch.dir, 'mail');
const logFile = path.join(scratch.dir, 'logs', 'mail.log');
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ dir: mailDir, logFile });
});
afterAll(async () => {
  await catcher?.close();
  scratch.remove();
});

const files = () => readdirSync(mailDir).sort();

describe('the local mail catcher', () => {
  it('listens on 127.0.0.1 with a key of its own each run', async () => {
    expect(new URL(catcher.url).hostname).toBe('127.0.0.1');
    expect(catcher.key).toMatch(/^[0-9a-f]{64}$/);
    const other = await startMailCatcher({ dir: path.join(scratch.dir, 'other'), logFile });
    await other.close();
    expect(other.key).not.toBe(catcher.key);
  });

  it('takes a message from the shop’s provider client and keeps it as a file only its owner reads', async () => {
    const provider = mailProviderFromEnv({
      MAIL_API_URL: catcher.url,
      MAIL_API_KEY: catcher.key,
      MAIL_FROM: 'Greenline <shop@greenline.local>',
    });
    if (!provider) throw new Error('the provider should be configured');
    const body = 'Set your password: http://127.0.0.1:8788/admin-login#invite=abc123\nThe link works for 24 hours.';
    const { id } = await provider.send({ to: 'Sam.Lee+staff@example.com', subject: 'You are invited', body });
    expect(id).toMatch(/\S/);

    const names = files();
    expect(names).toHaveLength(1);
    const [name] = names as [string];
    expect(name).toMatch(/sam\.lee_staff-at-example\.com\.eml$/);
    const file = path.join(mailDir, name);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('From: Greenline <shop@greenline.local>\n');
    expect(text).toContain('To: Sam.Lee+staff@example.com\n');
    expect(text).toContain('Subject: You are invited\n');
    expect(text).toContain(`\n\n${body}\n`);
    expect(readFileSync(logFile, 'utf8')).toContain(`caught a message to Sam.Lee+staff@example.com: ${name}`);
  });

  it('refuses a wrong or missing key, and keeps nothing', async () => {
    const before = files();
    const wrong = mailProviderFromEnv({ MAIL_API_URL: catcher.url, MAIL_API_KEY: 'not-the-key', MAIL_FROM: 'shop@greenline.local' });
    await expect(wrong?.send({ to: 'a@example.com', subject: 'x', body: 'y' })).rejects.toThrow(/answered 401/);
    const none = await fetch(catcher.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' }),
    });
    expect(none.status).toBe(401);
    expect(files()).toEqual(before);
  });

  it('answers 4xx to a body that is not the API’s JSON', async () => {
    const before = files();
    const post = (body: string) =>
      fetch(catcher.url, { method: 'POST', headers: { authorization: `Bearer ${catcher.key}`, 'content-type': 'application/json' }, body });
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ to: 'b@example.com', subject: 's' }))).status).toBe(400);
    expect((await post(JSON.stringify([1, 2]))).status).toBe(400);
    expect((await fetch(catcher.url)).status).toBe(405);
    expect(files()).toEqual(before);
  });

  it('names files by a safe form of the recipient', () => {
    expect(slug('../../etc/passwd')).toBe('etc_passwd');
    expect(slug('A B <x@y.z>')).toBe('a_b_x-at-y.z');
    expect(slug('///')).toBe('recipient');
  });
});
