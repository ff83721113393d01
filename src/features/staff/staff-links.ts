/**
 * D37: the one-time links that let a staff member set their own password: an invitation (a first
 * password) or a reset (a new one). The link carries a 256-bit random token; the database keeps
 * only its SHA-256, so a copy of the database opens no account.
 */
import type { StaffTokenPurpose } from '../../db/delivery-values.ts';

/** A link works for 72 hours after it is sent. */
export const LINK_TTL_HOURS = 72;
export const LINK_TTL_MS = LINK_TTL_HOURS * 60 * 60 * 1000;

/** The page a link opens. */
export const ACCEPT_PATH = '/staff/accept';

/**
 * The one answer to a link that is unknown, expired, already used, or whose account was
 * deactivated: which of these it was would tell a stranger something about the account.
 */
export const DEAD_LINK_MESSAGE = 'This link has expired or was already used. Ask an admin for a new one.';

/** What the link page says above the form. */
export const ACCEPT_TITLES: Record<StaffTokenPurpose, string> = {
  invite: 'Set your password',
  reset: 'Choose a new password',
};

/** The address an e-mail sends the person to. */
export function acceptUrl(siteUrl: string, token: string): string {
  const url = new URL(ACCEPT_PATH, siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
