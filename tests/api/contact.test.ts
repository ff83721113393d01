import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../src/db/schema.ts';
import { CONTACT_LIMIT } from '../../src/features/contact/contact.schema.ts';
import { SITE } from '../../src/features/site/settings.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

let t: TestDb;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testApp({ db: () => t.db });
});
afterAll(() => t.close());

const good = { name: 'Jo Shopper', email: 'jo@example.com', subject: 'Delivery area', message: 'Do you deliver to Takoma Park?' };
const send = (body: unknown, ip = '198.51.100.50') =>
  app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });

describe('POST /api/contact (D18, D19)', () => {
  it('gives the spec messages for each bad field', async () => {
    const res = await send({ name: 'J', email: 'nope', subject: 'x', message: 'too short' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    });
  });

  it('stores the message for the admin and queues a receipt to the sender', async () => {
    expect((await send(good)).status).toBe(200);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'jo@example.com'));
    expect(stored).toEqual([
      expect.objectContaining({ name: 'Jo Shopper', subject: 'Delivery area', message: 'Do you deliver to Takoma Park?' }),
    ]);
    const receipt = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'jo@example.com'));
    expect(receipt).toEqual([expect.objectContaining({ kind: 'contact_receipt', status: 'pending' })]);
    expect(receipt[0]?.body).toContain('within 24 hours');
  });

  it('sends a receipt that carries nothing the sender wrote, so the form relays nobody’s text', async () => {
    const posted = {
      name: 'Spam Relay Name',
      email: 'victim@example.com',
      subject: 'Buy cheap watches at spam.example',
      message: 'Visit https://spam.example for the best offers today!',
    };
    expect((await send(posted, '198.51.100.60')).status).toBe(200);
    const [receipt] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'victim@example.com'));
    expect(receipt?.kind).toBe('contact_receipt');
    const text = `${receipt?.subject}\n${receipt?.body}`;
    for (const part of [posted.name, posted.subject, posted.message, 'Spam Relay', 'watches', 'spam.example']) {
      expect(text).not.toContain(part);
    }
    expect(receipt?.body).toContain(SITE.phone);
    expect(receipt?.body).toContain('within 24 hours');
  });

  it('quietly drops what fills the hidden anti-spam field', async () => {
    const res = await send({ ...good, email: 'bot@example.com', website: 'http://spam.example' });
    expect(await res.json()).toEqual({ success: true });
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'bot@example.com'))).toEqual([]);
  });

  it('limits messages per address (429)', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect((await send({ ...good, email: `n${i}@example.com` }, ip)).status).toBe(200);
    const limited = await send(good, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(CONTACT_LIMIT.windowMs / 1000);
    expect((await send(good, '198.51.100.100')).status).toBe(200);
  });
});
