import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../src/db/order-values.ts';
import { outbox } from '../../src/db/schema.ts';
import {
  deliverPending,
  enqueueMail,
  enqueueUnstored,
  MAX_ATTEMPTS,
  mailProviderFromEnv,
  sendUnstored,
  UNSTORED_UNCONFIRMED,
} from '../../src/features/mail/mail.server.ts';
import { orderStatusEmail } from '../../src/features/mail/templates.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';

let t: TestDb;
let mail: FakeMailServer;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  mail = await startFakeMailServer();
});
afterAll(async () => {
  t.close();
  await mail.close();
});

const message = (n: number) => ({ to: `customer${n}@example.com`, subject: `Hello ${n}`, body: `Body ${n}` });
const row = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.toAddress, to)))[0];

describe('mail outbox (D18)', () => {
  it('keeps messages in the outbox when no provider is configured', async () => {
    await enqueueMail(t.db, 'admin_message', message(1));
    expect(mailProviderFromEnv({})).toBeNull();
    expect(mailProviderFromEnv({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'k' })).toBeNull();
    expect(await deliverPending(t.db, null)).toBe(0);
    expect(await row('customer1@example.com')).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('delivers through the HTTP provider and records the provider id', async () => {
    const provider = mailProviderFromEnv({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'secret', MAIL_FROM: 'shop@example.com' });
    expect(await deliverPending(t.db, provider)).toBe(1);
    expect(await row('customer1@example.com')).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'msg_1' });
    expect(mail.received[0]).toEqual({
      authorization: 'Bearer secret',
      body: { from: 'shop@example.com', to: 'customer1@example.com', subject: 'Hello 1', text: 'Body 1' },
    });
  });

  it('keeps a failed message with its error, retries it, and gives up after the last attempt', async () => {
    const provider = mailProviderFromEnv({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'secret', MAIL_FROM: 'shop@example.com' });
    await enqueueMail(t.db, 'admin_message', message(2));
    mail.failNext(1, 503);
    expect(await deliverPending(t.db, provider)).toBe(0);
    expect(await row('customer2@example.com')).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('503') });
    expect(await deliverPending(t.db, provider)).toBe(1);
    expect(await row('customer2@example.com')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    await enqueueMail(t.db, 'admin_message', message(3));
    mail.failNext(MAX_ATTEMPTS);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await deliverPending(t.db, provider);
    expect(await row('customer3@example.com')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('sends each message once however many deliveries run at the same time', async () => {
    const provider = mailProviderFromEnv({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'secret', MAIL_FROM: 'shop@example.com' });
    const batch = [10, 11, 12, 13].map(message);
    for (const m of batch) await enqueueMail(t.db, 'contact_receipt', m);
    // Every write that queues mail asks for a delivery: a burst of contact posts starts this many at once.
    const sent = await Promise.all(Array.from({ length: 6 }, () => deliverPending(t.db, provider)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(batch.length);
    const to = mail.received.map((r) => r.body.to).filter((a) => batch.some((m) => m.to === a));
    expect(to.sort()).toEqual(batch.map((m) => m.to).sort());
    for (const m of batch) expect(await row(m.to)).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null });
  });

  it('leaves a row another delivery holds, and takes it once that hold has run out', async () => {
    const provider = mailProviderFromEnv({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'secret', MAIL_FROM: 'shop@example.com' });
    await enqueueMail(t.db, 'admin_message', message(20));
    const held = await row('customer20@example.com');
    await t.db
      .update(outbox)
      .set({ claimedUntil: Date.now() + 60_000 })
      .where(eq(outbox.id, held?.id ?? 0));
    expect(await deliverPending(t.db, provider)).toBe(0);
    // A run that died while holding it: its hold ends, and the next run sends the message.
    await t.db
      .update(outbox)
      .set({ claimedUntil: Date.now() - 1 })
      .where(eq(outbox.id, held?.id ?? 0));
    expect(await deliverPending(t.db, provider)).toBe(1);
    expect(await row('customer20@example.com')).toMatchObject({ status: 'sent', claimedUntil: null });
  });
});

describe('messages that are never stored (D37 staff links)', () => {
  const SECRET = 'c0ffee'.repeat(10);
  const shown = (n: number) => ({ to: `staff${n}@example.com`, subject: `Link ${n}`, body: 'Your link: [hidden here]' });
  const real = (n: number, before = '') => ({ ...shown(n), body: `${before}Your link: https://shop.example/x?t=${SECRET} (once)` });
  const provider = () => mailProviderFromEnv({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'secret', MAIL_FROM: 'shop@example.com' });
  const queue = async (n: number) => {
    const [row] = await enqueueUnstored(t.db, 'staff_link', shown(n));
    if (!row) throw new Error('no row');
    return row.id;
  };

  it('is final from the moment it is written: no delivery run sends its stored text', async () => {
    const id = await queue(1);
    expect(await row('staff1@example.com')).toMatchObject({ status: 'failed', attempts: 0, lastError: UNSTORED_UNCONFIRMED });
    const before = mail.received.length;
    await deliverPending(t.db, provider());
    expect(mail.received.length).toBe(before);

    expect(await sendUnstored(t.db, provider(), id, real(1), [SECRET])).toEqual({ sent: true });
    expect(mail.received.at(-1)?.body.text).toContain(SECRET);
    expect(await row('staff1@example.com')).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      body: 'Your link: [hidden here]',
      providerMessageId: expect.stringMatching(/^msg_/),
    });
  });

  it('records a failure without the secret, even quoted back whole or cut short, and never retries it', async () => {
    const id = await queue(2);
    mail.failNext(1, 422, true);
    const whole = await sendUnstored(t.db, provider(), id, real(2), [SECRET]);
    expect(whole).toMatchObject({ sent: false, error: expect.stringContaining('https://shop.example/x?t=[hidden] (once)') });
    expect(JSON.stringify(await row('staff2@example.com'))).not.toContain(SECRET.slice(0, 8));

    // The provider's error quotes 300 characters: this message's secret is cut in the middle.
    const cut = await queue(3);
    mail.failNext(1, 422, true);
    const long = await sendUnstored(t.db, provider(), cut, real(3, 'x'.repeat(240)), [SECRET]);
    expect(long.sent).toBe(false);
    expect(JSON.stringify(long)).not.toContain(SECRET.slice(0, 8));
    expect(JSON.stringify(long)).toContain('?t=[hidden]');
    const stored = await row('staff3@example.com');
    expect(stored).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('422') });
    expect(stored?.lastError).not.toContain(SECRET.slice(0, 8));

    const before = mail.received.length;
    for (let i = 0; i < 3; i++) await deliverPending(t.db, provider());
    expect(mail.received.length).toBe(before);
    expect(await row('staff3@example.com')).toEqual(stored);
  });

  it('records that no provider is configured', async () => {
    const id = await queue(4);
    expect(await sendUnstored(t.db, null, id, real(4), [SECRET])).toEqual({ sent: false, error: 'no mail provider is configured' });
    expect(await row('staff4@example.com')).toMatchObject({ status: 'failed', attempts: 0, lastError: 'no mail provider is configured' });
  });
});

describe('status e-mails (D17, D30)', () => {
  const url = 'https://shop.example/order-confirmation/REF123';
  const mail = (status: (typeof ORDER_STATUSES)[number], note = '') =>
    orderStatusEmail({ ref: 'REF123', firstName: 'Tia', status, note, confirmationUrl: url });

  it('gives every status its own subject and opening line, always with the tracking link', () => {
    expect(ORDER_STATUSES.map((s) => mail(s).subject)).toEqual([
      'Your Greenline Delivery order REF123 is being prepared',
      'Your Greenline Delivery order REF123 is confirmed',
      'Your Greenline Delivery order REF123 is out for delivery',
      'Your Greenline Delivery order REF123 was delivered',
      'Your Greenline Delivery order REF123 was cancelled',
    ]);
    for (const s of ORDER_STATUSES) {
      expect(mail(s).body).toMatch(/^Hi Tia,\n\n/);
      expect(mail(s).body).toContain(`Track your order: ${url}`);
    }
    expect(mail('shipped').body).toContain('Your order is out for delivery. Please have your ID ready');
    expect(mail('delivered').body).toContain('Your order was delivered.');
  });

  it("carries the move's note: the driver's first name on the way out, the reason of a cancellation", () => {
    expect(mail('shipped', 'Out for delivery with Sam').body).toContain('\n\nOut for delivery with Sam\n');
    expect(mail('cancelled', 'Delivery failed: Nobody was home').body).toContain('Reason: Delivery failed: Nobody was home');
    expect(mail('cancelled').body).not.toContain('Reason');
    expect(mail('cancelled', '   ').body).not.toContain('Reason');
  });
});
