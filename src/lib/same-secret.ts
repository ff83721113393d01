/**
 * Whether two secrets are equal, in time that does not depend on where they differ: both sides are
 * hashed with SHA-256 first, so the comparison always runs over 32 bytes whatever the lengths, and
 * the digests are compared with an XOR loop that reads every byte. Web Crypto only, so it runs the
 * same in workerd and in Node.
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const encode = (text: string) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const [a, b] = (await Promise.all([encode(given), encode(expected)])).map((d) => new Uint8Array(d));
  if (!a || !b || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
