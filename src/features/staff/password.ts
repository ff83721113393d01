/**
 * Password hashing with PBKDF2-HMAC-SHA-256 from WebCrypto, the KDF both workerd and Node provide.
 * workerd refuses PBKDF2 above 100,000 iterations, so that is the count (docs/decisions/0010).
 * Stored as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` so the count can grow later.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${b64(salt)}$${b64(hash)}`;
}

/** Constant-time comparison of the derived key, so timing says nothing about how much matched. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  // An account with no password ('', an invitation not yet accepted) matches nothing, but costs the
  // same derivation as a real one, so timing does not tell such an account apart (D37).
  if (stored === '') {
    await verifyPassword(password, DUMMY_HASH);
    return false;
  }
  const [scheme, iterations, salt, expected] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !expected) return false;
  const actual = await derive(password, unb64(salt), Number(iterations));
  const wanted = unb64(expected);
  if (actual.length !== wanted.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= (actual[i] ?? 0) ^ (wanted[i] ?? 0);
  return diff === 0;
}

/** A hash of a random password: verifying against it costs as much as a real one (no user enumeration by timing). */
export const DUMMY_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** 24 random bytes as base64url: the generated first-start password (D20). */
export function randomPassword(): string {
  return b64(crypto.getRandomValues(new Uint8Array(24)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** SHA-256 of a session token, hex: what the sessions table stores instead of the token. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
