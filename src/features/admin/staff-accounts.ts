/** D37: a staff account as the Staff tab shows it, and the words of the tab's refusals. */
import type { StaffRole, StaffTokenPurpose } from '../../db/delivery-values.ts';
import { ROLE_LABELS } from '../staff/roles.ts';

export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  /** False while an invitation has not been accepted. */
  passwordSet: boolean;
  /** Epoch ms; null for an account that never signed in. */
  lastSignInAt: number | null;
  /** The driver record a driver account signs in as (D30), or null. */
  driver: { id: number; name: string } | null;
}

/** A driver record no account signs in as yet: what an invitation may link. */
export interface UnlinkedDriver {
  id: number;
  name: string;
  phone: string;
}

/** The link an account is sent (D37): a reset once it has a password, else a new invitation. */
export const linkPurposeOf = (account: Pick<StaffAccount, 'passwordSet'>): StaffTokenPurpose => (account.passwordSet ? 'reset' : 'invite');

/** What the Staff tab's button says for each link. */
export const LINK_BUTTON_LABELS: Record<StaffTokenPurpose, string> = {
  reset: 'Send password reset link',
  invite: 'Send a new invitation',
};

/**
 * Whether a new link's e-mail reached the mail provider. The link is never stored, so when it did
 * not, nobody has it: `message` says so and how to send a new one (which voids this one).
 */
export type LinkOutcome = { linkSent: true } | { linkSent: false; message: string };

export const STAFF_MESSAGES = {
  exists: (email: string) => `There is already an account for ${email}. Find it in the list to change it or send a reset link.`,
  ownAccount: 'You cannot change your own role or deactivate your own account. Ask another admin.',
  lastAdmin: 'This is the last active admin. Make another account an admin first.',
  inactive: 'This account is deactivated. Reactivate it first.',
  driverTaken: 'That driver already signs in with another account. Choose another driver or add a new one.',
  notFound: 'We could not find this staff account.',
  changed: 'Someone else just changed this account. Refresh the list and try again.',
  linkNotSent: (error: string, purpose: StaffTokenPurpose) =>
    `The e-mail could not be sent: ${error.replace(/[.\s]+$/, '')}. Nobody has the link, so it cannot be used. ` +
    `Send a new link: Manage, then “${LINK_BUTTON_LABELS[purpose]}”.`,
} as const;

/** The words of the audit trail's fields (M3) in the account's change history. */
const STAFF_FIELD_LABELS: Record<string, string> = {
  email: 'E-mail',
  name: 'Name',
  role: 'Role',
  active: 'Access',
  driver: 'Driver record',
  link: 'Link',
  password: 'Password',
};

export const staffFieldLabel = (field: string): string => STAFF_FIELD_LABELS[field] ?? field;

/** A recorded value as the history shows it: roles by their label, access as active or deactivated. */
export function staffValueText(field: string, value: string | null): string {
  if (value == null || value === '') return '—';
  if (field === 'role') return ROLE_LABELS[value as StaffRole] ?? value;
  if (field === 'active') return value === 'true' ? 'Active' : value === 'false' ? 'Deactivated' : value;
  return value;
}
