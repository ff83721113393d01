import { desc } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { contactMessages, outbox } from '../../../db/schema.ts';
import { AdminEmail, OrdersQuery, StatusChange } from '../../../features/admin/admin.schema.ts';
import { enqueueMail } from '../../../features/mail/mail.server.ts';
import { changeOrderStatus, getAdminOrder, listOrders } from '../../../features/orders/orders-admin.server.ts';
import { attemptLogin, deleteSession } from '../../../features/staff/accounts.server.ts';
import { signInDestination } from '../../../features/staff/roles.ts';
import { LoginInput } from '../../../features/staff/staff.schema.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { adminActor, adminOnly, clearSessionCookie, clientIp, readSessionToken, startSession, tooManyAttempts } from '../admin-auth.ts';
import { deliverNow, siteUrl } from '../background.ts';
import type { AppEnv } from '../env.ts';
import { answerFormPost, type FormPlace, formBodyLimit, isFormPost } from '../form-post.ts';
import { purgeAfterWrites } from '../purge-after-writes.ts';
import { jsonOnly, parseOr400, valid } from '../validate.ts';
import { adminAiImageRoutes } from './admin-ai-images.ts';
import { adminCsvRoutes } from './admin-csv.ts';
import { adminDeliveryRoutes } from './admin-deliveries.ts';
import { adminDeliverySettingsRoutes } from './admin-delivery-settings.ts';
import { adminDoorRoutes } from './admin-door.ts';
import { adminImageRoutes } from './admin-images.ts';
import { adminMenuRoutes } from './admin-menu.ts';
import { adminPackageRoutes } from './admin-packages.ts';
import { adminProductRoutes } from './admin-products.ts';
import { adminReportRoutes } from './admin-reports.ts';
import { adminStaffRoutes } from './admin-staff.ts';
import { adminTrackAndTraceRoutes } from './admin-track-and-trace.ts';
import { adminStatesRoutes } from './states.ts';

const OUTBOX_LIST_LIMIT = 200;

/** Where the login form lives, for a browser's own post of it (the email is put back, never the password). */
const LOGIN_FORM: FormPlace = { page: '/admin-login', keep: ['email'] };

/** Checks the credentials and starts a session (cookie set on `c`); an HttpError says why not. */
async function signIn(c: Context<AppEnv>, input: LoginInput) {
  const result = await attemptLogin(c.var.db, input.email, input.password, clientIp(c));
  if (!result.ok) {
    if (result.retryAfter > 0) throw tooManyAttempts(result.retryAfter, 'failed sign-in attempts');
    throw new HttpError(401, 'invalid_credentials', 'Invalid email or password');
  }
  return { email: result.email, role: result.role, expiresAt: await startSession(c, result.adminId) };
}

/** admin.md §7. Every route but login requires a session (requireAdmin); writes must be same-origin. */
export const adminRoutes = new Hono<AppEnv>()
  .use(...adminOnly)
  .use(purgeAfterWrites)
  .route('/', adminCsvRoutes)
  .post(
    '/login',
    formBodyLimit,
    async (c, next) => {
      if (!isFormPost(c)) return next();
      // The form posted by the browser itself, before its island has loaded: a page back, not JSON.
      return answerFormPost(c, LOGIN_FORM, async (fields) => {
        const { role } = await signIn(c, parseOr400(LoginInput, fields, 'email'));
        // The login page's ?next= comes along in the Referer of its own post (same origin, so the
        // whole address); signInDestination keeps it to this site and to pages the role opens (D35).
        const from = c.req.header('referer') ?? '';
        const next = URL.canParse(from) ? new URL(from).searchParams.get('next') : null;
        return signInDestination(next, new URL(c.req.url).origin, role);
      });
    },
    jsonOnly,
    valid('json', LoginInput, 'email'),
    async (c) => {
      const signedIn = await signIn(c, c.req.valid('json'));
      return c.json({ isLoggedIn: true, email: signedIn.email, role: signedIn.role, expiresAt: signedIn.expiresAt });
    },
  )
  .get('/me', (c) => {
    return c.json({ isLoggedIn: true, email: c.var.admin.email, role: c.var.admin.role, expiresAt: c.var.admin.expiresAt });
  })
  .post('/logout', async (c) => {
    await deleteSession(c.var.db, readSessionToken(c));
    clearSessionCookie(c);
    return c.json({ isLoggedIn: false });
  })
  .get('/orders', valid('query', OrdersQuery, 'q'), async (c) => {
    return c.json({ orders: await listOrders(c.var.db, c.req.valid('query')) });
  })
  .get('/orders/:ref', async (c) => {
    const order = await getAdminOrder(c.var.db, c.req.param('ref'));
    if (!order) throw new HttpError(404, 'not_found', "We couldn't find this order");
    return c.json(order);
  })
  .patch('/orders/:ref/status', jsonOnly, valid('json', StatusChange, 'status'), async (c) => {
    const change = c.req.valid('json');
    const ref = c.req.param('ref');
    await changeOrderStatus(c.var.db, ref, change, adminActor(c), siteUrl(c));
    await deliverNow(c);
    const order = await getAdminOrder(c.var.db, ref);
    if (!order) throw new HttpError(404, 'not_found', "We couldn't find this order");
    return c.json(order);
  })
  .post('/send-email', jsonOnly, valid('json', AdminEmail, 'to'), async (c) => {
    const email = c.req.valid('json');
    await enqueueMail(c.var.db, 'admin_message', { to: email.to, subject: email.subject, body: email.text });
    // Delivered now when a provider is configured, so the admin learns the outcome at once (D18).
    const sent = await deliverNow(c);
    return c.json({ success: true, status: sent > 0 ? 'sent' : 'pending' });
  })
  .get('/outbox', async (c) => {
    const messages = await c.var.db.select().from(outbox).orderBy(desc(outbox.id)).limit(OUTBOX_LIST_LIMIT);
    return c.json({
      messages: messages.map((m) => ({
        id: m.id,
        kind: m.kind,
        toAddress: m.toAddress,
        subject: m.subject,
        body: m.body,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      })),
    });
  })
  .get('/messages', async (c) =>
    c.json({ messages: await c.var.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(OUTBOX_LIST_LIMIT) }),
  )
  .route('/', adminProductRoutes)
  .route('/', adminImageRoutes)
  .route('/', adminAiImageRoutes)
  .route('/', adminMenuRoutes)
  .route('/', adminPackageRoutes)
  .route('/', adminDeliveryRoutes)
  .route('/', adminDoorRoutes)
  .route('/', adminReportRoutes)
  .route('/', adminStaffRoutes)
  .route('/', adminStatesRoutes)
  .route('/', adminTrackAndTraceRoutes)
  .route('/delivery', adminDeliverySettingsRoutes);
