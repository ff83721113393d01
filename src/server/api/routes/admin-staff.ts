/**
 * D37: staff accounts from the Staff tab. Mounted inside the admin router, behind its guard;
 * roles.ts lists no /api/admin/staff path for dispatchers or drivers, so only admins open these.
 * An invitation or reset hands its e-mail to the mail provider before answering, and the answer
 * says whether it went (linkSent): the link is never stored, so no later attempt could send it.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { StaffChange, StaffInvite, StaffLinkRequest } from '../../../features/admin/staff-accounts.schema.ts';
import { changeStaff, inviteStaff, sendStaffLink, staffTab } from '../../../features/admin/staff-accounts.server.ts';
import { auditTrail } from '../../../features/audit/audit.server.ts';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { mailProviderFromEnv } from '../../../features/mail/mail.server.ts';
import { adminActor } from '../admin-auth.ts';
import { siteUrl } from '../background.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

const actorOf = (c: Context<AppEnv>) => ({ adminId: c.var.admin.adminId, name: adminActor(c) });

export const adminStaffRoutes = new Hono<AppEnv>()
  .get('/staff', async (c) => {
    return c.json(await staffTab(c.var.db));
  })
  .post('/staff', jsonOnly, valid('json', StaffInvite, 'email', { status: 422 }), async (c) => {
    const sent = await inviteStaff(c.var.db, actorOf(c), c.req.valid('json'), siteUrl(c), mailProviderFromEnv(c.env));
    return c.json(sent, 201);
  })
  .patch('/staff/:id', IdInPath, jsonOnly, valid('json', StaffChange, 'role', { status: 422 }), async (c) =>
    c.json(await changeStaff(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/staff/:id/reset', IdInPath, jsonOnly, valid('json', StaffLinkRequest, 'email', { status: 422 }), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await sendStaffLink(c.var.db, actorOf(c), id, c.req.valid('json').email, siteUrl(c), mailProviderFromEnv(c.env)));
  })
  .get('/staff/:id/audit', IdInPath, async (c) => c.json({ entries: await auditTrail(c.var.db, 'staff', c.req.valid('param').id) }));
