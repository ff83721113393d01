import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import { PackageAdjust, PackageFinish, PackageReceive, PackageUpdate } from './packages.schema.ts';

const TAG = '1A4000000000000000000042';
const fields = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToFields(result.issues);
};

describe('receiving a package (D40)', () => {
  it('takes a tag as typed, in Metrc’s form, and defaults what may be left out', () => {
    const out = v.parse(PackageReceive, { tag: ' 1a4 000000 000000 000000 042 ', productId: 3, quantity: 3.5, unit: 'g' });
    expect(out).toMatchObject({ tag: TAG, productId: 3, quantity: 3.5, unit: 'g', batch: '', labResults: null });
    expect(out.receivedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(v.parse(PackageReceive, { tag: '', productId: 3, quantity: 1, unit: 'each' }).tag).toBeNull();
  });

  it('names the field of each refusal', () => {
    const base = { productId: 3, quantity: 2, unit: 'g' };
    expect(Object.keys(fields(PackageReceive, { ...base, tag: '1A4-123' }))).toEqual(['tag']);
    expect(Object.keys(fields(PackageReceive, { ...base, tag: `2B5${TAG.slice(3)}` }))).toEqual(['tag']);
    expect(Object.keys(fields(PackageReceive, { ...base, quantity: -1 }))).toEqual(['quantity']);
    expect(Object.keys(fields(PackageReceive, { ...base, quantity: 0 }))).toEqual(['quantity']);
    expect(Object.keys(fields(PackageReceive, { ...base, quantity: 0.0001 }))).toEqual(['quantity']);
    expect(Object.keys(fields(PackageReceive, { ...base, unit: 'each', quantity: 1.5 }))).toEqual(['quantity']);
    expect(Object.keys(fields(PackageReceive, { ...base, unit: 'oz' }))).toEqual(['unit']);
    expect(Object.keys(fields(PackageReceive, { ...base, productId: 0 }))).toEqual(['productId']);
    expect(Object.keys(fields(PackageReceive, { ...base, receivedOn: '2026-02-30' }))).toEqual(['receivedOn']);
    expect(Object.keys(fields(PackageReceive, { ...base, extra: 1 }))).toEqual(['extra']);
    const lab = { thcPercent: 20, cbdPercent: null, testedOn: '2026-01-02', lab: 'Steep Hill' };
    expect(fields(PackageReceive, { ...base, labResults: lab })).toEqual({});
    expect(Object.keys(fields(PackageReceive, { ...base, labResults: { ...lab, thcPercent: 120 } }))).toEqual(['labResults.thcPercent']);
    expect(Object.keys(fields(PackageReceive, { ...base, labResults: { ...lab, testedOn: '2999-01-01' } }))).toEqual([
      'labResults.testedOn',
    ]);
    expect(Object.keys(fields(PackageReceive, { ...base, labResults: { ...lab, lab: ' ' } }))).toEqual(['labResults.lab']);
  });
});

describe('changing a package', () => {
  it('asks for something to change', () => {
    expect(v.safeParse(PackageUpdate, {}).success).toBe(false);
    expect(v.parse(PackageUpdate, { tag: TAG.toLowerCase() })).toEqual({ tag: TAG });
    expect(v.parse(PackageUpdate, { labResults: null })).toEqual({ labResults: null });
  });

  it('adjusts with a reason: waste and damage by an amount, a count by what was counted', () => {
    expect(v.parse(PackageAdjust, { reason: 'waste', quantity: 2 })).toEqual({ reason: 'waste', quantity: 2, note: '' });
    expect(v.parse(PackageAdjust, { reason: 'correction', countedQuantity: 0 })).toMatchObject({ countedQuantity: 0 });
    expect(v.parse(PackageAdjust, { reason: 'correction', quantity: -1.5 })).toMatchObject({ quantity: -1.5 });
    expect(Object.keys(fields(PackageAdjust, { quantity: 2 }))).toEqual(['reason']);
    expect(Object.keys(fields(PackageAdjust, { reason: 'sold', quantity: 2 }))).toEqual(['reason']);
    expect(Object.keys(fields(PackageAdjust, { reason: 'waste' }))).toEqual(['quantity']);
    expect(Object.keys(fields(PackageAdjust, { reason: 'waste', quantity: 0 }))).toEqual(['quantity']);
    expect(Object.keys(fields(PackageAdjust, { reason: 'damaged', countedQuantity: 3 }))).toContain('countedQuantity');
    expect(Object.keys(fields(PackageAdjust, { reason: 'correction' }))).toEqual(['countedQuantity']);
    expect(Object.keys(fields(PackageAdjust, { reason: 'correction', countedQuantity: -1 }))).toEqual(['countedQuantity']);
    expect(Object.keys(fields(PackageAdjust, { reason: 'correction', quantity: 1, countedQuantity: 1 }))).toEqual(['quantity']);
  });

  it('finishes with a reason', () => {
    expect(v.parse(PackageFinish, { reason: 'damaged' })).toEqual({ reason: 'damaged', note: '' });
    expect(Object.keys(fields(PackageFinish, {}))).toEqual(['reason']);
  });
});
