import { describe, expect, it } from 'vitest';
import { staffFieldLabel, staffValueText } from './staff-accounts.ts';

describe("an account's change history in words (D37, M3)", () => {
  it('names the fields the trail records, and leaves an unknown one as it is', () => {
    expect(staffFieldLabel('active')).toBe('Access');
    expect(staffFieldLabel('driver')).toBe('Driver record');
    expect(staffFieldLabel('something')).toBe('something');
  });

  it('shows roles by their label, access as active or deactivated, and nothing as a dash', () => {
    expect(staffValueText('role', 'dispatcher')).toBe('Dispatcher');
    expect(staffValueText('active', 'false')).toBe('Deactivated');
    expect(staffValueText('active', 'true')).toBe('Active');
    expect(staffValueText('name', '')).toBe('—');
    expect(staffValueText('link', null)).toBe('—');
    expect(staffValueText('link', 'reset link sent')).toBe('reset link sent');
  });
});
