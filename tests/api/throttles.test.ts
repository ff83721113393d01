/**
 * D21, decision 0022: every throttle holds under a burst of concurrent requests, not only for
 * requests in a row. Each burst is fired at once (Promise.all) against the real app and database,
 * and the answers and stored rows are counted; nothing here depends on timing.
 */
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, loginAttempts, outbox } from '../../src/db/schema.ts';
import { ASSISTANT_RATE_LIMIT } from '../../src/features/ai/assistant.ts';
import { CONTACT_LIMIT } from '../../src/features/contact/contact.schema.ts';
import { houseKeep } from '../../src/features/scheduler/housekeeping.server.ts';
import { createAdmin, SIGN_IN_LIMIT } from '../../src/features/staff/accounts.server.ts';
import { LINK_LIMIT } from '../../src/features/staff/staff-links.server.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const ORIGIN = 'http://localhost';
const PASSWORD = 'correct horse battery staple';
const WRONG = 'not the password at all';
const MINUTE = 60_000;

let t: TestDb;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testApp({ db: () => t.db });
  // The assistant's built-in fallbacks log why they were used; the tests count answers instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
  t.close();
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

function post(path: string, body: unknown, ip: string) {
  return app.request(path, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
}

const signIn = (email: string, password: string, ip: string) => post('/api/admin/login', { email, password }, ip);

/** How many of `responses` answered each status, e.g. { 401: 5, 429: 35 }. */
function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** Runs housekeeping at `now` until it has nothing more to delete. */
async function houseKeepAll(now: number): Promise<void> {
  while ((await houseKeep(t.db, now)).loginAttempts.more);
}

/** Fires `n` requests at once. */
const burst = (n: number, one: (i: number) => Promise<Response>) => Promise.all(Array.from({ length: n }, (_, i) => one(i)));

describe('sign-in under a burst', () => {
  it('lets at most the pair limit of 40 concurrent wrong passwords from one address reach the check', async () => {
    await createAdmin(t.db, 'burst@example.com', PASSWORD);
    const ip = freshIp();
    const answers = await burst(40, () => signIn('burst@example.com', WRONG, ip));
    const counts = tally(answers);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(SIGN_IN_LIMIT.pair.max);
    expect(counts[401] ?? 0).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    const refused = answers.find((r) => r.status === 429) ?? new Response('{}');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_attempts');
    // Locked from that address even for the right password; the person elsewhere still gets in.
    expect((await signIn('burst@example.com', PASSWORD, ip)).status).toBe(429);
    expect((await signIn('burst@example.com', PASSWORD, freshIp())).status).toBe(200);
  });

  it('holds the account-wide limit against a burst from many addresses', async () => {
    await createAdmin(t.db, 'spread-burst@example.com', PASSWORD);
    const n = SIGN_IN_LIMIT.account.max + 20;
    const counts = tally(await burst(n, () => signIn('spread-burst@example.com', WRONG, freshIp())));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(SIGN_IN_LIMIT.account.max);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(n - SIGN_IN_LIMIT.account.max);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(n);
    expect((await signIn('spread-burst@example.com', PASSWORD, freshIp())).status).toBe(429);
  });

  it('holds the per-address limit against a burst over many accounts', async () => {
    const ip = freshIp();
    const n = SIGN_IN_LIMIT.address.max + 20;
    const counts = tally(await burst(n, (i) => signIn(`spray${i}@example.com`, WRONG, ip)));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(SIGN_IN_LIMIT.address.max);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(n - SIGN_IN_LIMIT.address.max);
  });

  it('keeps the account open to its owner while another address fails (the pair is the lock)', async () => {
    await createAdmin(t.db, 'driver@example.com', PASSWORD);
    const attacker = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.pair.max; i++) expect((await signIn('driver@example.com', WRONG, attacker)).status).toBe(401);
    expect((await signIn('driver@example.com', WRONG, attacker)).status).toBe(429);
    const driver = freshIp();
    expect((await signIn('driver@example.com', WRONG, driver)).status).toBe(401);
    expect((await signIn('driver@example.com', PASSWORD, driver)).status).toBe(200);
  });

  it('does not count correct sign-ins as failures', async () => {
    await createAdmin(t.db, 'regular@example.com', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.pair.max + 3; i++) expect((await signIn('regular@example.com', PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMIT.pair.max; i++) expect((await signIn('regular@example.com', WRONG, ip)).status).toBe(401);
    expect((await signIn('regular@example.com', WRONG, ip)).status).toBe(429);
  });

  it('lets a locked pair sign in again once its window has passed', async () => {
    await createAdmin(t.db, 'later@example.com', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.pair.max; i++) expect((await signIn('later@example.com', WRONG, ip)).status).toBe(401);
    expect((await signIn('later@example.com', PASSWORD, ip)).status).toBe(429);
    // Every window the sign-in counts in began a minute longer ago than it lasts.
    const back = SIGN_IN_LIMIT.account.windowMs + MINUTE;
    await t.db
      .update(loginAttempts)
      .set({ windowStart: sql`${loginAttempts.windowStart} - ${back}`, lockedUntil: sql`${loginAttempts.lockedUntil} - ${back}` })
      .where(inArray(loginAttempts.key, [`login:later@example.com ${ip}`, `login-ip:${ip}`, 'login-account:later@example.com']));
    expect((await signIn('later@example.com', PASSWORD, ip)).status).toBe(200);
  });
});

describe('the staff link page under a burst', () => {
  it('lets at most the limit of 30 concurrent wrong tokens from one address reach the check', async () => {
    const ip = freshIp();
    const answers = await burst(30, (i) => post('/api/staff/accept', { token: `${i}`.padStart(64, 'c'), password: PASSWORD }, ip));
    const counts = tally(answers);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(LINK_LIMIT.max);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(Number(answers.find((r) => r.status === 429)?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets at most the limit of 30 concurrent tries of one token from many addresses reach the check', async () => {
    const token = 'd'.repeat(64);
    const counts = tally(await burst(30, () => post('/api/staff/accept', { token, password: PASSWORD }, freshIp())));
    expect(counts[400] ?? 0).toBeLessThanOrEqual(LINK_LIMIT.max);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(30);
  });
});

describe('the contact form under a burst', () => {
  const message = (i: number) => ({
    name: 'Burst Sender',
    email: `burst${i}@example.com`,
    subject: 'Burst subject',
    message: 'A message sent in a burst.',
  });

  it('stores at most the limit of 30 concurrent posts from one address and refuses the rest', async () => {
    const ip = freshIp();
    const counts = tally(await burst(30, (i) => post('/api/contact', message(i), ip)));
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.name, 'Burst Sender'));
    expect(stored.length).toBeLessThanOrEqual(CONTACT_LIMIT.max);
    expect(counts[200] ?? 0).toBe(stored.length);
    expect(counts[429] ?? 0).toBe(30 - stored.length);
    const receipts = await t.db.select().from(outbox).where(like(outbox.toAddress, 'burst%@example.com'));
    expect(receipts).toHaveLength(stored.length);
  });

  it('keeps the window end on the counter, and housekeeping keeps the counter until then', async () => {
    const ip = freshIp();
    expect((await post('/api/contact', message(99), ip)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `contact:${ip}`));
    expect(row?.lockedUntil).toBe((row?.windowStart ?? 0) + CONTACT_LIMIT.windowMs);
    const end = row?.lockedUntil ?? 0;
    const keys = async () => (await t.db.select().from(loginAttempts)).map((r) => r.key);
    await houseKeepAll(end - 1);
    expect(await keys()).toContain(`contact:${ip}`);
    await houseKeepAll(end);
    expect(await keys()).not.toContain(`contact:${ip}`);
  });
});

describe('housekeeping and the sign-in windows', () => {
  it('keeps each sign-in counter for its own window', async () => {
    const ip = freshIp();
    expect((await signIn('windows@example.com', WRONG, ip)).status).toBe(401);
    const now = Date.now();
    const keys = async () => (await t.db.select().from(loginAttempts)).map((r) => r.key);
    const mine = [`login:windows@example.com ${ip}`, `login-ip:${ip}`, 'login-account:windows@example.com'];
    expect(await keys()).toEqual(expect.arrayContaining(mine));
    // Past the 15-minute windows, the hour-long account window still counts.
    await houseKeepAll(now + SIGN_IN_LIMIT.pair.windowMs + MINUTE);
    expect(await keys()).not.toContain(`login:windows@example.com ${ip}`);
    expect(await keys()).not.toContain(`login-ip:${ip}`);
    expect(await keys()).toContain('login-account:windows@example.com');
    await houseKeepAll(now + SIGN_IN_LIMIT.account.windowMs + MINUTE);
    expect(await keys()).not.toContain('login-account:windows@example.com');
  });
});

describe('the assistant under a burst', () => {
  it('answers at most its limit of concurrent requests from one address', async () => {
    const ip = freshIp();
    const n = ASSISTANT_RATE_LIMIT.max + 10;
    const counts = tally(await burst(n, () => post('/api/generate-content', { topic: 'terpenes' }, ip)));
    expect(counts[200] ?? 0).toBeLessThanOrEqual(ASSISTANT_RATE_LIMIT.max);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(n - ASSISTANT_RATE_LIMIT.max);
  });
});
