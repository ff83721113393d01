import { describe, expect, it } from 'vitest';
import { checkAll, checkCompliance, describeFlags } from './compliance.ts';

const kinds = (text: string) => checkCompliance(text).map((f) => `${f.kind}:${f.phrase.toLowerCase()}`);

describe('compliance filter (D27)', () => {
  it('flags cure, treat and prevent wording and named conditions', () => {
    expect(kinds('This strain cures anxiety.')).toContain('medical_claim:cures');
    expect(kinds('Used to treat chronic pain.')).toEqual(expect.arrayContaining(['medical_claim:treat', 'medical_claim:chronic pain']));
    expect(kinds('Helps prevent seizures')).toEqual(expect.arrayContaining(['medical_claim:prevent', 'medical_claim:seizures']));
    expect(kinds('Clinically proven relief.')).toContain('medical_claim:clinically proven');
  });

  it('flags content aimed at minors, but not safety wording about them', () => {
    expect(kinds('Fun gummies the kids will love!')).toContain('minors:kids');
    expect(kinds('Perfect for students after class')).toContain('minors:students');
    expect(checkCompliance('Keep out of reach of children and pets. For adults 21+ only.')).toEqual([]);
    expect(checkCompliance('Not for use by anyone under 21. Store away from kids.')).toEqual([]);
    expect(checkCompliance('Smell-proof jar with a child-resistant lid.')).toEqual([]);
  });

  it('leaves ordinary shop copy alone, including a tasty treat', () => {
    expect(checkCompliance('A sweet treat with bright citrus notes and a calm, relaxed finish.')).toEqual([]);
    expect(checkCompliance('Blue Dream is a sativa-dominant hybrid with berry flavour.')).toEqual([]);
  });

  it('checks every string of a structured result and explains the flags', () => {
    const flags = checkAll({ title: 'Gummies', keywords: ['edibles', 'cure insomnia'], body: { text: 'for teens' } });
    expect(flags.map((f) => f.kind).sort()).toEqual(['medical_claim', 'medical_claim', 'minors']);
    expect(describeFlags(flags)).toMatch(/possible medical claims \("cure", "insomnia"\) and wording that may speak to minors \("teens"\)/);
  });
});
