import { describe, expect, it } from 'vitest';
import { COA_KEY_PATTERN, coaFileName, coaUrl, isPdf, newCoaKey } from './coa.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a certificate of analysis is a PDF by its bytes (D40)', () => {
  it('takes a PDF of any version', () => {
    expect(isPdf(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
    expect(isPdf(bytes('%PDF-2.0\n'))).toBe(true);
  });

  it('refuses everything else, whatever it would be called', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(isPdf(png)).toBe(false);
    expect(isPdf(bytes('<html><body>%PDF-1.7</body></html>'))).toBe(false);
    expect(isPdf(bytes(' %PDF-1.7\n'))).toBe(false);
    expect(isPdf(bytes('%PDF-'))).toBe(false);
    expect(isPdf(bytes('%PDF-x.y\n'))).toBe(false);
    expect(isPdf(new Uint8Array(0))).toBe(false);
  });

  it('keeps each upload under a key of its own, opened from the package’s address', () => {
    const a = newCoaKey(12);
    expect(a).toMatch(COA_KEY_PATTERN);
    expect(a.startsWith('coa/12-')).toBe(true);
    expect(newCoaKey(12)).not.toBe(a);
    expect(coaUrl(12)).toBe('/api/packages/12/coa');
    expect(coaFileName({ id: 12, tag: '1A4000000000000000000001' })).toBe('coa-1A4000000000000000000001.pdf');
    expect(coaFileName({ id: 12, tag: null })).toBe('coa-package-12.pdf');
  });
});
