import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit.ts';

describe('audit changes (M3)', () => {
  it('records each field that changed, as text, and nothing else', () => {
    expect(
      auditChanges(
        { name: 'Blue Dream', price: 2500, status: 'active', flavor: null },
        { name: 'Blue Dream', price: 2700, flavor: 'Berry' },
      ),
    ).toEqual([
      { field: 'price', fromValue: '2500', toValue: '2700' },
      { field: 'flavor', fromValue: null, toValue: 'Berry' },
    ]);
  });

  it('records a creation from nothing, and skips fields left undefined', () => {
    expect(auditChanges(null, { name: 'New', isFeatured: false, note: undefined })).toEqual([
      { field: 'name', fromValue: null, toValue: 'New' },
      { field: 'isFeatured', fromValue: null, toValue: 'false' },
    ]);
  });
});
