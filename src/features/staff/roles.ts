/**
 * D35: what each staff role may open, as paths: the API routes and the pages. An admin opens
 * everything; every other role opens only the paths listed for it (and signing in and out), so a
 * route added later is closed to dispatchers and drivers until it is listed here. The server
 * enforces it on every request (admin-auth.ts, pages.ts); the admin screens read it to show only
 * the tabs a role can use.
 */
import type { StaffRole } from '../../db/delivery-values.ts';

export { STAFF_ROLES, type StaffRole } from '../../db/delivery-values.ts';

/** Every signed-in account may ask who it is and sign out. */
const EVERY_ROLE = ['/api/admin/me', '/api/admin/logout'] as const;

export const ROLE_PATHS: Record<Exclude<StaffRole, 'admin'>, readonly string[]> = {
  dispatcher: [
    ...EVERY_ROLE,
    '/api/admin/orders',
    '/api/admin/deliveries',
    '/api/admin/drivers',
    '/api/admin/reports',
    '/admin',
    '/delivery-manifest',
  ],
  driver: [...EVERY_ROLE, '/api/driver', '/driver'],
};

/** True when `role` may open `path` (a path, or anything beneath it). */
export function mayOpen(role: StaffRole, path: string): boolean {
  if (role === 'admin') return true;
  return ROLE_PATHS[role].some((p) => path === p || path.startsWith(`${p}/`));
}

/** Where a role starts after signing in, and where it is sent from a page it may not open. */
export function homeOf(role: StaffRole): string {
  return role === 'driver' ? '/driver' : ADMIN_HOME;
}

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', dispatcher: 'Dispatcher', driver: 'Driver' };

/** Where the admin lands after signing in, unless a safe `next` path says otherwise. */
export const ADMIN_HOME = '/admin';

/**
 * The `next` parameter of /admin-login, if it names a path on this site. Anything else ('//evil',
 * 'https://…', '/\\evil') would send a freshly signed-in admin to another site, so it is ignored.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return ADMIN_HOME;
  if (next === '/admin-login' || next.startsWith('/admin-login?')) return ADMIN_HOME;
  return next;
}
