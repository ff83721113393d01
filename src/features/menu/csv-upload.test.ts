import { describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../tests/helpers/fake-xhr.ts';
import { CsvUploadError, type ImportReport, reportSummary, uploadProductsCsv } from './csv-upload.ts';

const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  create: 0,
  update: 0,
  unchanged: 0,
  errors: [],
  moreErrors: 0,
  ...over,
});

function start(dryRun: boolean, signal?: AbortSignal) {
  const xhr = new FakeXhr<Blob>();
  const progress: number[] = [];
  const file = new File(['name,category\nMints,edible\n'], 'menu.csv', { type: 'text/csv' });
  const result = uploadProductsCsv(file, {
    dryRun,
    createXhr: () => xhr,
    onProgress: (p) => progress.push(p),
    ...(signal ? { signal } : {}),
  });
  return { xhr, file, progress, result };
}

describe('uploadProductsCsv', () => {
  it('posts the file itself as text/csv to the preview, with the cookie, and reports real progress', async () => {
    const { xhr, file, progress, result } = start(true);
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/admin/products/import?dryRun=1']);
    expect(xhr.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.sent).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    xhr.respond(200, report({ create: 1 }));
    expect(await result).toEqual(report({ create: 1 }));
    expect(progress).toEqual([0, 50, 100]);
  });

  it('applies without the dry run', async () => {
    const { xhr, result } = start(false);
    expect(xhr.url).toBe('/api/admin/products/import');
    xhr.respond(200, report({ dryRun: false, update: 2 }));
    expect((await result).update).toBe(2);
  });

  it("rejects with the API's sentence and fields", async () => {
    const { xhr, result } = start(true);
    xhr.respond(422, {
      error: "Unknown column 'colour' in the header (row 1).",
      code: 'invalid_csv',
      fields: { colour: 'Unknown column' },
    });
    const err = await result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CsvUploadError);
    expect(err).toMatchObject({
      kind: 'http',
      status: 422,
      message: "Unknown column 'colour' in the header (row 1).",
      fields: { colour: 'Unknown column' },
    });
  });

  it('says when there was no answer, or an unreadable one, and stops when cancelled', async () => {
    const network = start(true);
    network.xhr.onerror?.();
    await expect(network.result).rejects.toMatchObject({ kind: 'network' });
    const html = start(true);
    html.xhr.respond(502, '<html>Bad gateway</html>');
    await expect(html.result).rejects.toMatchObject({ status: 502, message: 'The import failed (502). Please try again.' });
    const controller = new AbortController();
    const cancelled = start(true, controller.signal);
    controller.abort();
    await expect(cancelled.result).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('reportSummary', () => {
  it('says what the preview would do, or why nothing can be imported', () => {
    expect(reportSummary(report({ create: 1, update: 2, unchanged: 40 }))).toBe(
      'Ready to import: 1 product to create, 2 to update, 40 unchanged.',
    );
    expect(reportSummary(report({ unchanged: 3 }))).toBe('Nothing to import: all 3 products are unchanged.');
    expect(reportSummary(report({ update: 1, errors: [{ row: 4, column: 'price', message: 'x' }] }))).toBe(
      '1 error in the file: nothing can be imported until it is fixed. Rows without errors: 0 products to create, 1 to update, 0 unchanged.',
    );
    expect(reportSummary(report({ errors: [{ row: 4, column: 'price', message: 'x' }], moreErrors: 1500 }))).toMatch(
      /^1,501 errors in the file/,
    );
  });

  it('says what the import did', () => {
    expect(reportSummary(report({ dryRun: false, create: 2, update: 10_000, unchanged: 0 }))).toBe(
      'Imported: 2 products created, 10,000 updated, 0 unchanged.',
    );
  });
});
