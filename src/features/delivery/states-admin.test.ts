import { describe, expect, it } from 'vitest';
import { formToPatch, historyValue, historyValues, type StateForm } from './states-admin.ts';

const source = { source: 'A bill', checkedOn: '2026-11-28', toConfirm: true };
const saved: StateForm = {
  sales: 'closed',
  opensOn: '',
  taxes: [{ key: 't1', name: 'Sales tax', percent: '12', appliesTo: 'goods' }],
  limitScope: 'day',
  deliveryStart: '09:00',
  deliveryEnd: '21:00',
  metrcLicense: '',
  sources: { sales: source, opensOn: source, taxes: source, limitScope: source, deliveryHours: source },
};

describe('formToPatch (D38)', () => {
  it('sends the Metrc licence number (D40) when it changed, trimmed; empty clears it', () => {
    expect(formToPatch({ ...saved, metrcLicense: ' C-25-0000123-LIC ' }, saved)).toEqual({ metrcLicense: 'C-25-0000123-LIC' });
    expect(formToPatch({ ...saved, metrcLicense: '' }, { ...saved, metrcLicense: 'C-25-0000123-LIC' })).toEqual({ metrcLicense: '' });
  });

  it('sends nothing for an unchanged form, and only what changed otherwise', () => {
    expect(formToPatch(saved, saved)).toEqual({});
    expect(formToPatch({ ...saved, sales: 'adult', opensOn: '2027-01-01' }, saved)).toEqual({ sales: 'adult', opensOn: '2027-01-01' });
    expect(formToPatch({ ...saved, opensOn: '' }, { ...saved, opensOn: '2027-01-01' })).toEqual({ opensOn: null });
  });

  it('sends the whole tax list when a line changes, and a whole source when a part of it does', () => {
    const taxes = [...saved.taxes, { key: 't2', name: 'Local', percent: '', appliesTo: 'both' as const }];
    expect(formToPatch({ ...saved, taxes }, saved).taxes).toEqual([
      { name: 'Sales tax', percent: 12, appliesTo: 'goods' },
      { name: 'Local', percent: Number.NaN, appliesTo: 'both' },
    ]);
    // 12 and 12.00 are the same rate.
    expect(formToPatch({ ...saved, taxes: [{ key: 't1', name: 'Sales tax', percent: '12.00', appliesTo: 'goods' }] }, saved)).toEqual({});
    const sources = { ...saved.sources, taxes: { ...source, toConfirm: false } };
    expect(formToPatch({ ...saved, sources }, saved)).toEqual({ sources: { taxes: { ...source, toConfirm: false } } });
  });
});

describe('the history in words', () => {
  it('names sales, tax lines, dates and hours', () => {
    expect(historyValue('sales', 'adult')).toBe('Adults 21+');
    expect(historyValue('opensOn', null)).toBe('No date');
    expect(historyValue('opensOn', '2027-01-01')).toBe('Fri, Jan 1, 2027');
    expect(historyValue('taxes', '[]')).toBe('No tax');
    expect(historyValue('taxes', '[{"name":"MD tax","basisPoints":1200,"appliesTo":"goods"}]')).toBe('MD tax: 12 % on goods');
    expect(historyValue('deliveryHours', '09:00-21:00')).toBe('09:00 to 21:00');
  });

  it('shows only the rules whose source changed', () => {
    const before = JSON.stringify(saved.sources);
    const after = JSON.stringify({ ...saved.sources, opensOn: { ...source, toConfirm: false } });
    expect(historyValues('sources', before, after)).toEqual([
      'Opening date: A bill (checked 2026-11-28, to confirm)',
      'Opening date: A bill (checked 2026-11-28)',
    ]);
  });
});
