import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import type { AdminPackage } from '../inventory/package-view.ts';
import { PackageAdjust, PackageReceive, PackageUpdate } from '../inventory/packages.schema.ts';
import {
  adjustInput,
  editFormOf,
  editInput,
  emptyReceiveForm,
  formField,
  receiveField,
  receiveInput,
  renameFields,
} from './package-form.ts';

describe("the Packages tab's forms (D40)", () => {
  it('sends a receipt in the product’s unit, without lab results when their fields are empty', () => {
    const form = { ...emptyReceiveForm('3'), tag: '1a4 000000 000000 000000 001', quantity: '3.5' };
    const input = receiveInput(form, 'g');
    expect(input).toMatchObject({ productId: 3, quantity: 3.5, unit: 'g', labResults: null });
    expect(v.parse(PackageReceive, input).tag).toBe('1A4000000000000000000001');
  });

  it('names each refusal by the field that shows it', () => {
    const form = { ...emptyReceiveForm(''), quantity: '', thcPercent: '120', lab: 'Lab' };
    const result = v.safeParse(PackageReceive, receiveInput(form, 'g'));
    const errors = result.success ? {} : renameFields(issuesToFields(result.issues), receiveField);
    expect(Object.keys(errors).sort()).toEqual(['productId', 'quantity', 'testedOn', 'thcPercent']);
    expect(formField('countedQuantity')).toBe('amount');
  });

  it('edits what a package shows, and adjusts by a count or an amount', () => {
    const pkg: AdminPackage = {
      id: 4,
      tag: null,
      traced: true,
      productId: 3,
      productName: 'Gummies',
      unit: 'each',
      quantity: 10,
      received: 12,
      batch: 'G-1',
      receivedOn: '2026-01-01',
      labResults: { thcPercent: null, cbdPercent: null, thcMg: 100, testedOn: '2026-01-01', lab: 'ACS' },
      coaUrl: null,
      status: 'active',
      updatedAt: 0,
    };
    const edited = editInput({ ...editFormOf(pkg), tag: '1A4000000000000000000009' });
    expect(v.parse(PackageUpdate, edited)).toEqual({ tag: '1A4000000000000000000009', batch: 'G-1', labResults: pkg.labResults });
    expect(v.parse(PackageAdjust, adjustInput({ reason: 'correction', amount: '8', note: '' }))).toMatchObject({ countedQuantity: 8 });
    expect(v.parse(PackageAdjust, adjustInput({ reason: 'waste', amount: '2', note: 'Crushed' }))).toMatchObject({ quantity: 2 });
    expect(v.safeParse(PackageAdjust, adjustInput({ reason: 'waste', amount: '', note: '' })).success).toBe(false);
  });
});
