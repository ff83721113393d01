import { describe, expect, it } from 'vitest';
import { maskRegistryId, patientExpiryText } from './registry.ts';

describe('masking and expiry (D39)', () => {
  it('hides all but the last 4, and the whole of a number that short', () => {
    expect(maskRegistryId('MMJ123456789')).toBe('•••• 6789');
    expect(maskRegistryId('12345')).toBe('•••• 2345');
    expect(maskRegistryId('1234')).toBe('••••');
  });

  it('reads a card as current through its expiry date', () => {
    expect(patientExpiryText('2026-03-31', '2026-03-31')).toBe('Expires 2026-03-31');
    expect(patientExpiryText('2026-03-31', '2026-04-01')).toBe('Expired 2026-03-31');
    expect(patientExpiryText(null, '2026-04-01')).toBe('Expiry not recorded');
  });
});
