/**
 * The staff's tables: accounts and sessions (D21), the drivers linked to them (D30), and the
 * contact messages staff read (D19).
 */

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { STAFF_ROLES, STAFF_TOKEN_PURPOSES } from './delivery-values.ts';
import { timestamps } from './schema-columns.ts';

export const admins = sqliteTable('admins', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  /**
   * pbkdf2-sha256$iterations$salt$hash (docs/decisions/0010). Never leaves the server. Empty for an
   * invited account that has not set its password yet: no password matches it.
   */
  passwordHash: text('password_hash').notNull(),
  /** D35. Existing accounts were all admins. */
  role: text('role', { enum: STAFF_ROLES }).notNull().default('admin'),
  /** What the staff list shows beside the e-mail; may be empty. */
  name: text('name').notNull().default(''),
  /** A deactivated account has no sessions and cannot sign in until an admin reactivates it. */
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  lastSignInAt: integer('last_sign_in_at', { mode: 'number' }),
  ...timestamps,
});

/**
 * One-time links sent by e-mail: an invitation to set a first password, or a password reset. The
 * link carries a random token; only its SHA-256 is stored. A link works once, before `expiresAt`.
 */
export const staffTokens = sqliteTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    purpose: text('purpose', { enum: STAFF_TOKEN_PURPOSES }).notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    usedAt: integer('used_at', { mode: 'number' }),
    /** Who sent the link, as the audit trail names actors ('admin:{email}'). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('staff_tokens_admin_idx').on(t.adminId), index('staff_tokens_expires_idx').on(t.expiresAt)],
);

/** Server-side sessions (D21). The cookie holds a random token; only its SHA-256 is stored. */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('admin_sessions_admin_idx').on(t.adminId),
    // Housekeeping deletes the expired sessions without reading the live ones.
    index('admin_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The throttles' fixed-window counters, one row per key ('login:…', 'contact:…', …): slots taken in
 * the current window, and when it ends (`locked_until`). See decision 0022.
 */
export const loginAttempts = sqliteTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: integer('window_start', { mode: 'number' }).notNull(),
  lockedUntil: integer('locked_until', { mode: 'number' }),
});

/** D30: the people who deliver. A driver signs in with the staff account linked here (role driver). */
export const drivers = sqliteTable('drivers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  /** D40: what the manifest and Metrc's delivery report name the driver by; empty until set. */
  employeeId: text('employee_id').notNull().default(''),
  licenceNumber: text('licence_number').notNull().default(''),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  staffId: integer('staff_id')
    .unique()
    .references(() => admins.id),
  ...timestamps,
});

/** D19: contact messages are stored and shown to the admin. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
