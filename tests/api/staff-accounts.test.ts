/**
 * D37: staff accounts run from the Staff tab: invitations and reset links (one-time, 72 hours,
 * stored as hashes, never stored whole: the e-mail's link goes only to the mail provider), role and
 * active changes with their guards, the audit trail, and the link page's post with and without
 * scripts. The links are taken from what the fake mail provider received.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, admins, auditLog, drivers, outbox, staffTokens } from '../../src/db/schema.ts';
import type { StaffChange } from '../../src/features/admin/staff-accounts.schema.ts';
import { changeStaff, HIDDEN_LINK } from '../../src/features/admin/staff-accounts.server.ts';
import type { StaffAccount } from '../../src/features/admin/staff-accounts.ts';
import { STAFF_MESSAGES } from '../../src/features/admin/staff-accounts.ts';
import { deliverPending, mailProviderFromEnv } from '../../src/features/mail/mail.server.ts';
import { attemptLogin, createAdmin, findSession } from '../../src/features/staff/accounts.server.ts';
import { verifyPassword } from '../../src/features/staff/password.ts';
import { acceptLink, LINK_LIMIT } from '../../src/features/staff/staff-links.server.ts';
import { DEAD_LINK_MESSAGE, LINK_TTL_MS } from '../../src/features/staff/staff-links.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';

const ORIGIN = 'http://localhost';
const OWNER = 'owner@staff.example.com';
const PASSWORD = 'the owner password';
const NEW_PASSWORD = 'a brand new password';

let t: TestDb;
let app: TestApp;
let mail: FakeMailServer;
/** The app's bindings: the fake mail provider. */
let env: Bindings;
let owner: string;
let ownerId: number;
let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

function request(path: string, init: { method?: string; body?: unknown; cookie?: string; ip?: string; env?: Bindings } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN, 'cf-connecting-ip': init.ip ?? freshIp() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(
    path,
    {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    },
    init.env ?? env,
  );
}

async function signIn(email: string, password: string): Promise<Response> {
  return request('/api/admin/login', { method: 'POST', body: { email, password } });
}

async function cookieOf(email: string, password: string): Promise<string> {
  const res = await signIn(email, password);
  expect(res.status, `${email} signs in`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function invite(body: Record<string, unknown>, cookie = owner): Promise<Response> {
  return request('/api/admin/staff', { method: 'POST', body, cookie });
}

const LINK_RE = /https?:\/\/\S+\/staff\/accept\?token=[0-9a-f]{64}/;

/** The link in the newest e-mail the mail provider received for `email`, and its token. */
async function linkFor(email: string): Promise<{ url: URL; token: string; body: string; subject: string }> {
  const sent = mail.received.filter((m) => m.body.to === email).at(-1)?.body;
  if (!sent) throw new Error(`No e-mail to ${email}`);
  const found = sent.text.match(LINK_RE)?.[0];
  if (!found) throw new Error(`No link in: ${sent.text}`);
  const url = new URL(found);
  return { url, token: url.searchParams.get('token') ?? '', body: sent.text, subject: sent.subject };
}

function accept(token: string, password: string, ip = freshIp()) {
  return request('/api/staff/accept', { method: 'POST', body: { token, password }, ip });
}

const accountOf = async (email: string) => {
  const [row] = await t.db.select().from(admins).where(eq(admins.email, email));
  if (!row) throw new Error(`No account ${email}`);
  return row;
};

const trail = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, id)));

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  mail = await startFakeMailServer();
  env = { MAIL_API_URL: mail.url, MAIL_API_KEY: 'test-mail-key', MAIL_FROM: 'shop@example.com' };
  app = testApp({ db: () => t.db });
  ownerId = await createAdmin(t.db, OWNER, PASSWORD);
  owner = await cookieOf(OWNER, PASSWORD);
});
afterAll(async () => {
  t.close();
  await mail.close();
});

describe('invitations (D37)', () => {
  it('invites a driver with a new driver record, and the link sets the password and signs in', async () => {
    const res = await invite({
      email: ' Dana@Staff.example.com ',
      name: 'Dana',
      role: 'driver',
      driverName: 'Dana D',
      driverPhone: '(202) 555-0141',
    });
    expect(res.status).toBe(201);
    const account = (await res.json()) as StaffAccount;
    expect(account).toMatchObject({ email: 'dana@staff.example.com', name: 'Dana', role: 'driver', active: true, passwordSet: false });
    expect(account.driver?.name).toBe('Dana D');
    const [driver] = await t.db.select().from(drivers).where(eq(drivers.staffId, account.id));
    expect(driver).toMatchObject({ name: 'Dana D', phone: '(202) 555-0141' });

    // No password yet: the account cannot sign in, and says the same as a wrong password.
    expect((await accountOf('dana@staff.example.com')).passwordHash).toBe('');
    const early = await signIn('dana@staff.example.com', '');
    expect(early.status).toBe(400);
    const guess = await signIn('dana@staff.example.com', 'anything at all here');
    expect(guess.status).toBe(401);
    expect(await guess.json()).toMatchObject({ error: 'Invalid email or password' });

    const { url, token, body, subject } = await linkFor('dana@staff.example.com');
    expect(url.origin).toBe(ORIGIN);
    expect(subject).toContain('staff account');
    expect(body).toContain('72 hours');

    const used = await accept(token, NEW_PASSWORD);
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ isLoggedIn: true, role: 'driver', home: '/driver' });
    const cookie = (used.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await request('/api/admin/me', { cookie })).status).toBe(200);
    expect((await request('/api/driver/deliveries', { cookie })).status).not.toBe(401);

    const login = await signIn('dana@staff.example.com', NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'driver' });
    expect((await accountOf('dana@staff.example.com')).lastSignInAt).toBeGreaterThan(0);
  });

  it('matches no password against the empty hash of an invited account', async () => {
    for (const guess of ['', 'anything at all here', NEW_PASSWORD]) expect(await verifyPassword(guess, '')).toBe(false);
  });

  it('stores only the hash of a token', async () => {
    await invite({ email: 'hash@staff.example.com', role: 'dispatcher' });
    const { token } = await linkFor('hash@staff.example.com');
    const rows = await t.db.select().from(staffTokens);
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows) + JSON.stringify(await t.db.select().from(auditLog));
    expect(dump).not.toContain(token);
    const account = await accountOf('hash@staff.example.com');
    const [row] = await t.db.select().from(staffTokens).where(eq(staffTokens.adminId, account.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.purpose).toBe('invite');
  });

  it('links an existing driver record, and refuses one another account signs in as', async () => {
    const [free] = await t.db.insert(drivers).values({ name: 'Free Driver', phone: '(202) 555-0150' }).returning();
    const list = (await (await request('/api/admin/staff', { cookie: owner })).json()) as { drivers: { id: number }[] };
    expect(list.drivers.map((d) => d.id)).toContain(free?.id);
    const res = await invite({ email: 'linked@staff.example.com', role: 'driver', driverId: free?.id });
    expect(res.status).toBe(201);
    expect(((await res.json()) as StaffAccount).driver).toEqual({ id: free?.id, name: 'Free Driver' });

    const again = await invite({ email: 'linked2@staff.example.com', role: 'driver', driverId: free?.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: STAFF_MESSAGES.driverTaken });
    // Nothing of the refused invitation is kept.
    expect(await t.db.select().from(admins).where(eq(admins.email, 'linked2@staff.example.com'))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, 'linked2@staff.example.com'))).toEqual([]);
  });

  it('refuses an e-mail that already has an account, and a driver without a driver record', async () => {
    const res = await invite({ email: OWNER.toUpperCase(), role: 'dispatcher' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'account_exists', fields: { email: STAFF_MESSAGES.exists(OWNER) } });
    const bad = await invite({ email: 'nodriver@staff.example.com', role: 'driver' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty('driverName');
  });

  it('answers an unknown, an expired and a used link with the same words, and counts the tries', async () => {
    await invite({ email: 'late@staff.example.com', role: 'dispatcher' });
    const { token } = await linkFor('late@staff.example.com');
    const account = await accountOf('late@staff.example.com');
    const sentAt = (await t.db.select().from(staffTokens).where(eq(staffTokens.adminId, account.id)))[0]?.createdAt ?? 0;

    // Just before 72 hours it would work; from 72 hours on it does not (the service's clock).
    const expired = await acceptLink(t.db, token, NEW_PASSWORD, freshIp(), sentAt + LINK_TTL_MS);
    expect(expired).toEqual({ ok: false, retryAfter: 0 });
    const unknown = await accept('0'.repeat(64), NEW_PASSWORD);
    const malformed = await accept('not-a-token', NEW_PASSWORD);
    const fine = await acceptLink(t.db, token, NEW_PASSWORD, freshIp(), sentAt + LINK_TTL_MS - 1);
    expect(fine.ok).toBe(true);
    const used = await accept(token, NEW_PASSWORD);
    for (const res of [unknown, malformed, used]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(DEAD_LINK_MESSAGE);
    }
  });

  it('lets one of two concurrent uses of a link win', async () => {
    await invite({ email: 'race@staff.example.com', role: 'dispatcher' });
    const { token } = await linkFor('race@staff.example.com');
    const results = await Promise.all([
      acceptLink(t.db, token, 'first password wins', freshIp()),
      acceptLink(t.db, token, 'second password loses', freshIp()),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('rate-limits the link page per token and per IP, with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < LINK_LIMIT.max; i++) expect((await accept(`${i}`.padStart(64, 'a'), NEW_PASSWORD, ip)).status).toBe(400);
    // Even a good link is refused from that IP now.
    await invite({ email: 'limited@staff.example.com', role: 'dispatcher' });
    const { token } = await linkFor('limited@staff.example.com');
    const locked = await accept(token, NEW_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Per token: a token tried too often is locked whatever the IP.
    const guessed = 'b'.repeat(64);
    for (let i = 0; i < LINK_LIMIT.max; i++) await accept(guessed, NEW_PASSWORD);
    expect((await accept(guessed, NEW_PASSWORD)).status).toBe(429);
    // The good link still works from elsewhere.
    expect((await accept(token, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a weak password and keeps the link', async () => {
    await invite({ email: 'weak@staff.example.com', role: 'dispatcher' });
    const { token } = await linkFor('weak@staff.example.com');
    const res = await accept(token, 'short');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { password: 'The password must be at least 12 characters' } });
    expect((await accept(token, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers the page’s own form post: a 303 home with the cookie, or the problem without the password', async () => {
    await invite({ email: 'form@staff.example.com', role: 'dispatcher' });
    const { token } = await linkFor('form@staff.example.com');
    const post = (fields: Record<string, string>) =>
      app.request('/api/staff/accept', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': freshIp() },
        body: new URLSearchParams(fields).toString(),
      });
    const weak = await post({ token, purpose: 'invite', password: 'tiny secret' });
    expect(weak.status).toBe(400);
    const page = await weak.text();
    expect(page).toContain('The password must be at least 12 characters');
    expect(page).not.toContain('tiny secret');
    const dead = await post({ token: 'f'.repeat(64), purpose: 'invite', password: NEW_PASSWORD });
    expect(dead.status).toBe(400);
    expect(await dead.text()).toContain('This link has expired or was already used.');
    const ok = await post({ token, purpose: 'invite', password: NEW_PASSWORD });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin');
    const cookie = (ok.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(await (await request('/api/admin/me', { cookie })).json()).toMatchObject({
      email: 'form@staff.example.com',
      role: 'dispatcher',
    });
  });

  it('refuses a cross-site post of the link page', async () => {
    const res = await app.request('/api/staff/accept', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'a'.repeat(64), password: NEW_PASSWORD }),
    });
    expect(res.status).toBe(403);
  });
});

describe('changing accounts (D37)', () => {
  let dispatcherId: number;
  let dispatcher: string;

  beforeAll(async () => {
    dispatcherId = await createAdmin(t.db, 'disp@staff.example.com', PASSWORD, 'dispatcher');
    dispatcher = await cookieOf('disp@staff.example.com', PASSWORD);
  });

  const reset = (id: number, email: string) => request(`/api/admin/staff/${id}/reset`, { method: 'POST', body: { email }, cookie: owner });
  const patch = (id: number, body: unknown, cookie = owner) => request(`/api/admin/staff/${id}`, { method: 'PATCH', body, cookie });

  it('takes a role change at the account’s next request, without ending its session', async () => {
    expect((await request('/api/admin/products', { cookie: dispatcher })).status).toBe(403);
    const res = await patch(dispatcherId, { role: 'admin' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'admin' });
    expect((await request('/api/admin/products', { cookie: dispatcher })).status).toBe(200);
    expect((await patch(dispatcherId, { role: 'dispatcher' })).status).toBe(200);
    expect((await request('/api/admin/products', { cookie: dispatcher })).status).toBe(403);
    expect((await request('/api/admin/orders', { cookie: dispatcher })).status).toBe(200);
  });

  it('deactivates at once: sessions gone, sign-in refused with the usual words, links void; reactivates', async () => {
    const before = await t.db.select().from(adminSessions).where(eq(adminSessions.adminId, dispatcherId));
    expect(before.length).toBeGreaterThan(0);
    expect((await reset(dispatcherId, 'disp@staff.example.com')).status).toBe(200);
    const { token } = await linkFor('disp@staff.example.com');

    const res = await patch(dispatcherId, { active: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ active: false });
    expect(await t.db.select().from(adminSessions).where(eq(adminSessions.adminId, dispatcherId))).toEqual([]);
    const next = await request('/api/admin/orders', { cookie: dispatcher });
    expect(next.status).toBe(401);
    const login = await signIn('disp@staff.example.com', PASSWORD);
    expect(login.status).toBe(401);
    expect(await login.json()).toMatchObject({ error: 'Invalid email or password' });
    expect(((await (await accept(token, NEW_PASSWORD)).json()) as { error: string }).error).toBe(DEAD_LINK_MESSAGE);
    expect((await reset(dispatcherId, 'disp@staff.example.com')).status).toBe(409);

    expect((await patch(dispatcherId, { active: true })).status).toBe(200);
    dispatcher = await cookieOf('disp@staff.example.com', PASSWORD);
    expect((await request('/api/admin/orders', { cookie: dispatcher })).status).toBe(200);
  });

  it('lets admin:create bring a deactivated account back, as the way in when no admin can sign in', async () => {
    const id = await createAdmin(t.db, 'lockedout@staff.example.com', PASSWORD, 'admin');
    await t.db.update(admins).set({ active: false }).where(eq(admins.id, id));
    expect(await attemptLogin(t.db, 'lockedout@staff.example.com', PASSWORD, '198.51.100.90')).toMatchObject({ ok: false });
    expect(await createAdmin(t.db, 'lockedout@staff.example.com', NEW_PASSWORD, 'admin')).toBe(id);
    expect(await attemptLogin(t.db, 'lockedout@staff.example.com', NEW_PASSWORD, '198.51.100.90')).toMatchObject({ ok: true, adminId: id });
    await t.db.update(admins).set({ active: false }).where(eq(admins.id, id));
  });

  it('findSession refuses an inactive account even with a live session row', async () => {
    const token = dispatcher.split('=')[1] ?? '';
    expect(await findSession(t.db, token)).not.toBeNull();
    await t.db.update(admins).set({ active: false }).where(eq(admins.id, dispatcherId));
    expect(await findSession(t.db, token)).toBeNull();
    await t.db.update(admins).set({ active: true }).where(eq(admins.id, dispatcherId));
  });

  it('refuses changes to one’s own account', async () => {
    for (const body of [{ role: 'dispatcher' }, { active: false }]) {
      const res = await patch(ownerId, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'own_account', error: STAFF_MESSAGES.ownAccount });
    }
  });

  it('keeps the last active admin: two concurrent demotions cannot both pass', async () => {
    const second = await createAdmin(t.db, 'second@staff.example.com', PASSWORD, 'admin');
    // Each admin demotes the other at the same moment: the guard is in the update itself, so one
    // is refused whichever runs first.
    const results = await Promise.allSettled([
      changeStaff(t.db, { adminId: ownerId, name: `admin:${OWNER}` }, second, { role: 'dispatcher' }),
      changeStaff(t.db, { adminId: second, name: 'admin:second@staff.example.com' }, ownerId, { role: 'dispatcher' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ status: 409, code: 'last_admin', message: STAFF_MESSAGES.lastAdmin });
    const activeAdmins = (await t.db.select().from(admins)).filter((r) => r.role === 'admin' && r.active);
    expect(activeAdmins).toHaveLength(1);
    // The owner stays the one admin for the tests below.
    await t.db.update(admins).set({ role: 'admin' }).where(eq(admins.id, ownerId));
    await t.db.update(admins).set({ role: 'dispatcher' }).where(eq(admins.id, second));
    owner = await cookieOf(OWNER, PASSWORD);
  });

  it('refuses to demote or deactivate the last active admin, over the API too', async () => {
    const third = await createAdmin(t.db, 'third@staff.example.com', PASSWORD, 'admin');
    const thirdCookie = await cookieOf('third@staff.example.com', PASSWORD);
    // With two admins, one may go; the last one may not.
    expect((await patch(third, { active: false })).status).toBe(200);
    await t.db.update(admins).set({ active: true }).where(eq(admins.id, third));
    const thirdAgain = await cookieOf('third@staff.example.com', PASSWORD);
    expect(thirdCookie).not.toBe(thirdAgain);
    expect((await patch(ownerId, { role: 'dispatcher' }, thirdAgain)).status).toBe(200);
    for (const body of [{ role: 'driver' }, { active: false }]) {
      const res = await patch(third, body, dispatcher);
      expect(res.status, 'a dispatcher may not even ask').toBe(403);
      // Asked by a (non-admin) actor through the service: the guard alone refuses it.
      await expect(changeStaff(t.db, { adminId: dispatcherId, name: 'x' }, third, body as StaffChange)).rejects.toMatchObject({
        status: 409,
        code: 'last_admin',
      });
    }
    await t.db.update(admins).set({ role: 'admin' }).where(eq(admins.id, ownerId));
    await t.db.update(admins).set({ role: 'dispatcher' }).where(eq(admins.id, third));
    owner = await cookieOf(OWNER, PASSWORD);
  });

  it('unlinks the driver record when a driver account gets another role', async () => {
    const dana = await accountOf('dana@staff.example.com');
    const res = await patch(dana.id, { role: 'dispatcher' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'dispatcher', driver: null });
    const [record] = await t.db.select().from(drivers).where(eq(drivers.name, 'Dana D'));
    expect(record?.staffId).toBeNull();
  });

  it('sends a reset link that voids the earlier one, and the page says so', async () => {
    const id = dispatcherId;
    expect((await reset(id, 'disp@staff.example.com')).status).toBe(200);
    const first = await linkFor('disp@staff.example.com');
    expect(first.subject).toContain('Reset');
    expect((await reset(id, 'disp@staff.example.com')).status).toBe(200);
    const second = await linkFor('disp@staff.example.com');
    expect(second.token).not.toBe(first.token);
    // A request naming another e-mail than the account's sends nothing.
    expect((await reset(id, OWNER)).status).toBe(409);
    expect((await linkFor('disp@staff.example.com')).token).toBe(second.token);
    expect((await accept(first.token, NEW_PASSWORD)).status).toBe(400);
    const ok = await accept(second.token, NEW_PASSWORD);
    expect(ok.status).toBe(200);
    // A new password ends the sessions the account had.
    expect((await request('/api/admin/orders', { cookie: dispatcher })).status).toBe(401);
    expect((await attemptLogin(t.db, 'disp@staff.example.com', NEW_PASSWORD, freshIp())).ok).toBe(true);
  });

  it('records every change in the staff audit trail and shows it', async () => {
    const dana = await accountOf('dana@staff.example.com');
    const rows = await trail(dana.id);
    const fields = rows.map((r) => `${r.field}:${r.fromValue ?? ''}->${r.toValue ?? ''}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'email:->dana@staff.example.com',
        'role:->driver',
        'driver:->Dana D',
        'link:->invitation sent',
        'password:->set from the invitation',
        'role:driver->dispatcher',
        'driver:Dana D->',
      ]),
    );
    const setBy = rows.find((r) => r.field === 'password');
    expect(setBy?.actor).toBe('driver:dana@staff.example.com');
    expect(rows.find((r) => r.field === 'link')?.actor).toBe(`admin:${OWNER}`);

    const disp = await trail(dispatcherId);
    expect(disp.map((r) => `${r.field}:${r.fromValue ?? ''}->${r.toValue}`)).toEqual(
      expect.arrayContaining(['active:true->false', 'active:false->true', 'link:->reset link sent', 'password:->set from a reset link']),
    );
    const shown = await request(`/api/admin/staff/${dana.id}/audit`, { cookie: owner });
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { entries: unknown[] }).entries.length).toBe(rows.length);
  });

  it('lists the accounts with their role, driver, last sign-in and state', async () => {
    const res = await request('/api/admin/staff', { cookie: owner });
    const { accounts } = (await res.json()) as { accounts: StaffAccount[] };
    const me = accounts.find((a) => a.email === OWNER);
    expect(me).toMatchObject({ role: 'admin', active: true, passwordSet: true });
    expect(me?.lastSignInAt).toBeGreaterThan(0);
    expect(accounts.find((a) => a.email === 'linked@staff.example.com')).toMatchObject({ passwordSet: false, lastSignInAt: null });
    expect(JSON.stringify(accounts)).not.toContain('pbkdf2');
  });
});

/**
 * Every text the database holds, table by table and column by column, and the raw bytes of its
 * files: what a copy of the database, or anyone reading the outbox, would have.
 */
async function wholeDatabase(): Promise<{ where: string; text: string }[]> {
  const tables = await t.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table'`);
  expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(['outbox', 'staff_tokens', 'audit_log', 'admins']));
  const found: { where: string; text: string }[] = [];
  for (const { name } of tables) {
    const rows = await t.db.all<Record<string, unknown>>(sql.raw(`select * from "${name.replaceAll('"', '""')}"`));
    for (const [i, row] of rows.entries()) {
      for (const [column, value] of Object.entries(row)) {
        const where = `${name}.${column} (row ${i + 1})`;
        if (typeof value === 'string') found.push({ where, text: value });
        else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
          found.push({ where, text: Buffer.from(value as ArrayBuffer).toString('latin1') });
        }
      }
    }
  }
  const dir = path.dirname(fileURLToPath(t.url));
  for (const f of readdirSync(dir)) found.push({ where: `file ${f}`, text: readFileSync(path.join(dir, f)).toString('latin1') });
  return found;
}

/** The database holds neither the token, nor a piece of it, nor any link page address with a token. */
async function expectNoLinkStored(token: string) {
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  const all = await wholeDatabase();
  const holding = (needle: string) => all.filter((e) => e.text.includes(needle)).map((e) => e.where);
  expect(holding(token), 'the token').toEqual([]);
  expect(holding(token.slice(0, 12)), 'the token’s start').toEqual([]);
  expect(holding(token.slice(-12)), 'the token’s end').toEqual([]);
  expect(holding('/staff/accept?token='), 'a link').toEqual([]);
  // The dump does read the outbox's bodies.
  expect(holding(HIDDEN_LINK).some((w) => w.startsWith('outbox.body'))).toBe(true);
}

const outboxTo = async (email: string) => t.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(asc(outbox.id));

describe('links are never stored, only sent (D37)', () => {
  const reset = (id: number, email: string, withEnv = env) =>
    request(`/api/admin/staff/${id}/reset`, { method: 'POST', body: { email }, cookie: owner, env: withEnv });
  const provider = () => mailProviderFromEnv(env);

  it('keeps neither an invitation’s link nor a reset’s anywhere in the database; the e-mailed link works', async () => {
    const email = 'nostore@staff.example.com';
    const res = await invite({ email, name: 'No Store', role: 'dispatcher' });
    expect(res.status).toBe(201);
    const invitation = await linkFor(email);
    expect(invitation.url.origin).toBe(ORIGIN);
    await expectNoLinkStored(invitation.token);
    expect(await res.json()).toMatchObject({ email, linkSent: true });

    // The outbox shows the e-mail as sent, with the link hidden, and never sends it again.
    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ kind: 'staff_link', status: 'sent', attempts: 1, providerMessageId: expect.stringMatching(/^msg_/) });
    expect(row?.body).toContain(HIDDEN_LINK);
    expect(row?.body).toBe(invitation.body.replace(LINK_RE, HIDDEN_LINK));
    const listed = (await (await request('/api/admin/outbox', { cookie: owner })).json()) as { messages: { body: string }[] };
    expect(JSON.stringify(listed)).not.toContain(invitation.token);

    expect((await accept(invitation.token, NEW_PASSWORD)).status).toBe(200);
    const { id } = await accountOf(email);
    const sentReset = await reset(id, email);
    expect(sentReset.status).toBe(200);
    expect(await sentReset.json()).toMatchObject({ id, linkSent: true });
    const resetLink = await linkFor(email);
    expect(resetLink.subject).toContain('Reset');
    await expectNoLinkStored(resetLink.token);
    await expectNoLinkStored(invitation.token);

    const before = mail.received.length;
    await deliverPending(t.db, provider());
    expect(mail.received.length).toBe(before);
    const used = await accept(resetLink.token, 'the reset-link password');
    expect(used.status).toBe(200);
    expect((await attemptLogin(t.db, email, 'the reset-link password', freshIp())).ok).toBe(true);
  });

  it('says when the provider refuses the e-mail, keeps its row final, and a new link then works', async () => {
    const email = 'refused@staff.example.com';
    // The provider fails and quotes the message back: the link must not come back with its error.
    mail.failNext(1, 422, true);
    const res = await invite({ email, role: 'dispatcher' });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as StaffAccount & { linkSent: boolean; message: string };
    expect(answer).toMatchObject({ email, linkSent: false, passwordSet: false });
    expect(answer.message).toMatch(/^The e-mail could not be sent: Mail provider answered 422/);
    expect(answer.message).toContain('Send a new link');
    // The provider quoted the link: the answer and the outbox row say where it was, not what.
    expect(answer.message).toContain('Open this link to choose your password:');
    expect(answer.message).toContain('  [hidden]');
    expect(answer.message).not.toContain('/staff/accept');
    const lost = mail.refused.at(-1)?.text.match(LINK_RE)?.[0];
    if (!lost) throw new Error('The provider was not asked to send the link');
    const lostToken = new URL(lost).searchParams.get('token') ?? '';
    expect(JSON.stringify(answer)).not.toContain(lostToken.slice(0, 12));
    await expectNoLinkStored(lostToken);

    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('422') });
    const before = mail.received.length;
    expect(await deliverPending(t.db, provider())).toBe(0);
    expect(mail.received.length).toBe(before);
    expect((await outboxTo(email))[0]).toEqual(row);

    // The way out: a new link, which voids the one that did not go.
    const { id } = await accountOf(email);
    const again = await reset(id, email);
    expect(await again.json()).toMatchObject({ linkSent: true });
    const fresh = await linkFor(email);
    await expectNoLinkStored(fresh.token);
    expect(((await (await accept(lostToken, NEW_PASSWORD)).json()) as { error: string }).error).toBe(DEAD_LINK_MESSAGE);
    expect((await accept(fresh.token, NEW_PASSWORD)).status).toBe(200);
  });

  it('says when no mail provider is configured, and a later delivery run does not send the row', async () => {
    const email = 'nomail@staff.example.com';
    await createAdmin(t.db, email, PASSWORD, 'dispatcher');
    const { id } = await accountOf(email);
    const res = await reset(id, email, {});
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { linkSent: boolean; message: string };
    expect(answer).toMatchObject({ linkSent: false, message: expect.stringContaining('no mail provider is configured') });
    expect(answer.message).toContain('Send password reset link');
    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 0, lastError: 'no mail provider is configured' });
    expect(row?.body).toContain(HIDDEN_LINK);
    expect((await wholeDatabase()).filter((e) => e.text.includes('/staff/accept?token='))).toEqual([]);

    const before = mail.received.length;
    await deliverPending(t.db, provider());
    expect(mail.received.filter((m) => m.body.to === email)).toEqual([]);
    expect(mail.received.length).toBe(before);

    // A new link once mail works: the old password still signs in until the new link is used.
    expect(await (await reset(id, email)).json()).toMatchObject({ linkSent: true });
    const { token } = await linkFor(email);
    expect((await attemptLogin(t.db, email, PASSWORD, freshIp())).ok).toBe(true);
    expect((await accept(token, NEW_PASSWORD)).status).toBe(200);
    expect((await attemptLogin(t.db, email, NEW_PASSWORD, freshIp())).ok).toBe(true);
  });
});
