import { describe, expect, it } from 'vitest';
import type { PackageProduct } from '../inventory/package-view.ts';
import { namedInPackageCsv, type PackageCsvFile, packageImportReport, planPackageImport, readPackageCsv } from './package-csv.ts';

const TAG = (n: number) => `1A4${String(n).padStart(21, '0')}`;
const flower: PackageProduct = { id: 1, name: 'Blue Dream', slug: 'blue-dream', unit: 'g' };
const gummy: PackageProduct = { id: 2, name: 'Gummies', slug: 'gummies', unit: 'each' };
const ctx = {
  byId: new Map([
    [1, flower],
    [2, gummy],
  ]),
  bySlug: new Map([
    ['blue-dream', flower],
    ['gummies', gummy],
  ]),
  tagged: new Map([[TAG(7), { id: 40, productId: 1, productName: 'Blue Dream' }]]),
};

function read(text: string): PackageCsvFile {
  const file = readPackageCsv(text);
  if ('message' in file) throw new Error(file.message);
  return file;
}

describe('reading a packages CSV (D40)', () => {
  it('names columns in any case or spelling, and needs product and quantity', () => {
    expect(read('Tag,Product,Quantity,Received_On\r\n,1,2,\r\n').columns).toEqual(['tag', 'product', 'quantity', 'receivedOn']);
    expect(readPackageCsv('tag,product\r\n,1\r\n')).toEqual({ field: 'quantity', message: expect.stringMatching(/no 'quantity' column/) });
    expect(readPackageCsv('tag,product,quantity,weight\r\n')).toMatchObject({ field: 'weight' });
    expect(readPackageCsv('tag,tag,product,quantity\r\n')).toMatchObject({ field: 'tag' });
    expect(readPackageCsv('')).toMatchObject({ field: 'file' });
    expect(readPackageCsv('product,quantity\r\n\r\n')).toMatchObject({ field: 'file' });
  });

  it('lists the products and tags the file names', () => {
    const file = read(`tag,product,quantity\r\n${TAG(1)},blue-dream,1\r\n,2,3\r\nnot-a-tag,Gummies,1\r\n`);
    expect(namedInPackageCsv(file)).toEqual({ ids: [2], slugs: ['blue-dream', 'gummies'], tags: [TAG(1)] });
  });
});

describe('what each row does', () => {
  it('receives good rows with the product’s unit and lab results, and skips a tag received before', () => {
    const file = read(
      [
        'tag,product,quantity,unit,batch,receivedOn,thcPercent,cbdPercent,thcMg,testedOn,lab',
        `${TAG(1)},blue-dream,14,,B-1,2026-01-02,21.5,,,2026-01-01,Steep Hill`,
        `,2,10,each,,,,,100,2026-01-01,ACS`,
        `${TAG(7)},1,3,,,,,,,,`,
      ].join('\r\n'),
    );
    const plan = planPackageImport(file, ctx);
    expect(plan.errors).toEqual([]);
    expect(plan.decisions.map((d) => d.kind)).toEqual(['receive', 'receive', 'skip']);
    const [first, second] = plan.decisions;
    expect(first?.kind === 'receive' && first.receipt.input).toMatchObject({
      tag: TAG(1),
      productId: 1,
      quantity: 14,
      unit: 'g',
      batch: 'B-1',
      receivedOn: '2026-01-02',
      labResults: { thcPercent: 21.5, cbdPercent: null, thcMg: null, testedOn: '2026-01-01', lab: 'Steep Hill' },
    });
    expect(second?.kind === 'receive' && second.receipt.input.labResults).toMatchObject({ thcMg: 100 });
    const report = packageImportReport(plan, true);
    expect(report).toMatchObject({ dryRun: true, receive: 2, skip: 1, moreErrors: 0 });
    expect(report.rows[2]).toMatchObject({ row: 4, decision: 'skip', tag: TAG(7), note: 'Received before as package #40' });
  });

  it('names the row and column of every problem, and decides nothing for such a row', () => {
    const file = read(
      [
        'tag,product,quantity,unit,testedOn,lab',
        `1A4-bad,1,2,,,`,
        `,no-such-product,2,,,`,
        `,1,two,,,`,
        `,2,1.5,,,`,
        `,1,2,each,,`,
        `,1,2,,2026-01-01,`,
        `${TAG(7)},2,1,,,`,
        `${TAG(8)},1,1,,,`,
        `${TAG(8)},1,1,,,`,
        `,1,2`,
      ].join('\r\n'),
    );
    const plan = planPackageImport(file, ctx);
    expect(plan.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'tag'],
      [3, 'product'],
      [4, 'quantity'],
      [5, 'quantity'],
      [6, 'unit'],
      [7, 'lab'],
      [8, 'tag'],
      [10, 'tag'],
      [11, null],
    ]);
    expect(plan.errors.find((e) => e.row === 8)?.message).toMatch(/already on package #40 \(Blue Dream\)/);
    expect(plan.errors.find((e) => e.row === 10)?.message).toMatch(/on row 9 as well/);
    expect(plan.decisions.map((d) => d.row)).toEqual([9]);
  });
});
