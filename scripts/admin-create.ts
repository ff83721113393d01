/**
 * `npm run admin:create -- --email E [--role admin|dispatcher|driver] [--name N --phone P]`:
 * creates a staff account (or sets the password and role of an existing one) in LIBSQL_URL's
 * database (default: the local sqld of `npm start`, which must be running). The password comes
 * from ADMIN_PASSWORD or is asked for on the terminal; it is never echoed. A driver account is
 * linked to a driver record (D35), made from --name and --phone when none is linked yet.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { createNodeDb } from '../src/db/client.server.ts';
import { migrateDb } from '../src/db/migrate.server.ts';
import { ensureDriverRecord } from '../src/features/dispatch/drivers.server.ts';
import { createAdmin } from '../src/features/staff/accounts.server.ts';
import { STAFF_ROLES, type StaffRole } from '../src/features/staff/roles.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('No terminal to ask on: set ADMIN_PASSWORD.');
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const password = await answer;
  rl.close();
  process.stdout.write('\n');
  return password;
}

const USAGE =
  'Usage: npm run admin:create -- --email E [--role admin|dispatcher|driver] [--name "Sam Lee" --phone "(202) 555-0100"]   (password from ADMIN_PASSWORD or a prompt)';
const email = arg('email');
const role = (arg('role') ?? 'admin') as StaffRole;
if (!email || !STAFF_ROLES.includes(role)) {
  console.error(USAGE);
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD ?? (await askHidden(`Password for ${email} (12+ characters): `));
const { db, close } = createNodeDb();
try {
  await migrateDb(db);
  const staffId = await createAdmin(db, email, password, role);
  if (role === 'driver')
    await ensureDriverRecord(db, staffId, { name: arg('name') ?? email.split('@')[0] ?? email, phone: arg('phone') ?? '' });
  console.log(`${role[0]?.toUpperCase()}${role.slice(1)} ${email} is ready. Sign in at /admin-login.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  close();
}
