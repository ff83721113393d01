/**
 * Files that hand secrets to a child process: the env file `wrangler dev --env-file` reads the
 * Worker's bindings from (stack.ts startWorkerDev), and the mail catcher's key. A value on a command line is readable by every local user (`ps`, /proc/PID/
 * cmdline); these files are readable by their owner only (0600, in a 0700 folder).
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `text` to `file`, readable and writable by its owner only, from the first byte: the mode
 * is set on the open descriptor before anything is written, also when the file existed with a
 * wider one. Its folder is made (or narrowed to) 0700.
 */
export function writePrivateFile(file: string, text: string): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const fd = openSync(file, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One `NAME='value'` line of an env file as `wrangler dev --env-file` reads it (wrangler 4.164:
 * dotenv's parse, then dotenv-expand 13 over the result). The value is wrapped in the first quote
 * it does not contain, single (inside which dotenv reads nothing), then backtick, then double (only
 * where no backslash-n or backslash-r in it could be read as a line break). dotenv-expand then
 * replaces `$NAME` and `${...}` not preceded by a backslash, and afterwards turns every `\$` into
 * `$`: so every `$` is written as `\$`, which it reads back as the one `$` (a `\` before a `$`
 * in the value stays, as `\\$` reads back as `\$`). So `#`, `=`, `$`, spaces and the other
 * quotes arrive as they are.
 */
export function envLine(name: string, value: string): string {
  if (!NAME.test(name)) throw new Error(`${JSON.stringify(name)} is not a variable name an env file can hold`);
  if (/[\r\n]/.test(value)) throw new Error(`${name} holds a line break, which an env file cannot pass on`);
  if (value.includes('\0')) throw new Error(`${name} holds a NUL character, which an env file cannot pass on`);
  const escaped = value.replaceAll('$', '\\$');
  for (const quote of ["'", '`', '"']) {
    if (value.includes(quote)) continue;
    if (quote === '"' && /\\[nr]/.test(escaped)) continue;
    return `${name}=${quote}${escaped}${quote}`;
  }
  throw new Error(`${name} holds ', " and \` together, which an env file cannot quote`);
}

/** The text of an env file holding `vars`. */
export function envFileText(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `${envLine(name, value)}\n`)
    .join('');
}

/** Writes `vars` to `file` as an env file only its owner can read (writePrivateFile). */
export function writeEnvFile(file: string, vars: Record<string, string>): void {
  writePrivateFile(file, envFileText(vars));
}
