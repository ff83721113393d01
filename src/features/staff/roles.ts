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
    // D40: the vehicles and runs that carry the deliveries, and their manifests.
    '/api/admin/vehicles',
    '/api/admin/runs',
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

/** Longest `next` a sign-in follows; a longer one is no page of ours and goes to the start page. */
const MAX_NEXT_LENGTH = 512;

/**
 * Control characters (URL parsers drop tabs and newlines, so '/\t/evil' would become '//evil') and
 * backslashes (read as slashes) have no place in a path of ours.
 */
const isUnsafeChar = (ch: string) => ch < ' ' || ch === '\u007f' || ch === '\\';

/**
 * Where a sign-in goes: the `next` of /admin-login when it is a page of this shop (`origin`) that
 * the role opens, else the role's start page. The value is parsed as a URL against the shop's
 * origin, never pattern-matched, and the answer is the parsed path, so what the browser follows is
 * what was checked.
 */
export function signInDestination(next: string | null | undefined, origin: string, role: StaffRole): string {
  const home = homeOf(role);
  if (!next || next.length > MAX_NEXT_LENGTH || [...next].some(isUnsafeChar)) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin || url.username || url.password) return home;
  const path = url.pathname.replace(/\/$/, '') || '/';
  if (path === '/admin-login' || !mayOpen(role, path)) return home;
  // '/.//evil' parses to the path '//evil', which a browser would read as another host: the answer
  // must lead back to the very URL that was checked.
  const target = `${url.pathname}${url.search}${url.hash}`;
  return new URL(target, origin).href === url.href ? target : home;
}
