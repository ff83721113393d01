/**
 * The env file `wrangler dev --env-file` reads the Worker's bindings from (scripts/lib/env-file.ts,
 * stack.ts startWorkerDev): every value arrives exactly as written, read back by wrangler's own
 * loader (dotenv, then dotenv-expand, which would replace a `$NAME` left as it is); a value no env file can carry is refused by name, never passed on
 * changed; the file is 0600 in a 0700 folder, also when it existed with a wider mode.
 */
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unstable_getVarsForDev } from 'wrangler';
import { envLine, writeEnvFile, writePrivateFile } from '../../scripts/lib/env-file.ts';
import { scratchDir } from '../helpers/stack.ts';

const scratch = scratchDir('env-file');
afterAll(() => scratch.remove());

/**
 * What wrangler makes of an env file given with --env-file, without the process's environment
 * (startWorkerDev sets CLOUDFLARE_INCLUDE_PROCESS_ENV=false).
 */
function readBack(file: string): Record<string, string> {
  const before = process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV;
  process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV = 'false';
  try {
    const vars = unstable_getVarsForDev(path.join(path.dirname(file), 'wrangler.json'), [file], {}, undefined, true);
    return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v.value)]));
  } finally {
    if (before === undefined) delete process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV;
    else process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV = before;
  }
}

const TRICKY: Record<string, string> = {
  PLAIN: 'http://127.0.0.1:8080',
  HASH: 'abc#def # not a comment',
  EQUALS: 'a=b==c',
  SINGLE: "it's",
  DOUBLE: 'say "hi"',
  BOTH: `it's "quoted"`,
  BACKSLASH_N: String.raw`C:\new\road`,
  BOTH_AND_BACKSLASH_N: String.raw`'"\n`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text a shell or dotenv-expand would expand
  DOLLAR: '$HOME ${PATH} \\$x',
  DOLLARS: 'pa$$word$',
  // The name of a value above: dotenv-expand would put PLAIN's value in its place.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text dotenv-expand would expand
  NAMED: 'abc$PLAIN ${PLAIN:-x}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text dotenv-expand would expand
  BACKSLASH_DOLLAR: '\\\\$HOME \\${PATH}',
  TRAILING_BACKSLASH: 'ends with \\',
  SPACES: '  padded  ',
  EMPTY: '',
  UNICODE: 'mañana ☘',
  AFTER: 'still read after the others',
};

describe('the bindings file wrangler reads', () => {
  it('carries every value as written, as wrangler reads it', () => {
    const file = path.join(scratch.dir, 'project', 'worker.env');
    writeEnvFile(file, TRICKY);
    expect(readBack(file)).toEqual(TRICKY);
  });

  it('refuses, by name and without the value, what it cannot carry', () => {
    expect(() => envLine('TOKEN', 'one\ntwo')).toThrow(/^TOKEN holds a line break/);
    expect(() => envLine('TOKEN', 'one\rtwo')).toThrow(/^TOKEN holds a line break/);
    expect(() => envLine('TOKEN', `'"\``)).toThrow(/^TOKEN holds ', " and ` together/);
    expect(() => envLine('BAD NAME', 'x')).toThrow(/not a variable name/);
    for (const bad of ['one\ntwo', `'"\``]) {
      try {
        envLine('TOKEN', bad);
      } catch (err) {
        expect((err as Error).message).not.toContain(bad);
      }
    }
  });

  it('is readable by its owner only, in a folder only its owner opens, even if it existed', () => {
    const dir = path.join(scratch.dir, 'wide');
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    const file = path.join(dir, 'worker.env');
    writeFileSync(file, 'OLD=1\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    writePrivateFile(file, "SECRET='x'\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
