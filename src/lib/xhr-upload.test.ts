import { describe, expect, it } from 'vitest';
import { FakeXhr } from '../../tests/helpers/fake-xhr.ts';
import { parseJson, progressPercent, XhrFailure, xhrUpload } from './xhr-upload.ts';

function start(options: { signal?: AbortSignal; headers?: Record<string, string> } = {}) {
  const xhr = new FakeXhr();
  const progress: number[] = [];
  const body = new Blob(['name\nMints\n'], { type: 'text/csv' });
  const result = xhrUpload({
    url: '/api/admin/thing',
    body,
    timeoutMs: 1234,
    ...options,
    createXhr: () => xhr,
    onProgress: (p) => progress.push(p),
  });
  return { xhr, body, progress, result };
}

/** The upload rejected with an XhrFailure of `kind`. */
async function expectFailure(promise: Promise<unknown>, kind: XhrFailure['kind']) {
  await expect(promise).rejects.toBeInstanceOf(XhrFailure);
  await expect(promise).rejects.toMatchObject({ kind });
}

describe('xhrUpload', () => {
  it('posts the body with the cookie, the timeout and the headers of an admin write', () => {
    const { xhr, body } = start({ headers: { 'content-type': 'text/csv; charset=utf-8' } });
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/admin/thing']);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.timeout).toBe(1234);
    expect(xhr.headers).toEqual({ accept: 'application/json', 'content-type': 'text/csv; charset=utf-8' });
    expect(xhr.sent).toBe(body);
  });

  it('reports whole percent sent, from 0, and nothing the browser cannot measure', async () => {
    const { xhr, progress, result } = start();
    xhr.progress(1, 3);
    xhr.progress(0, 0, false);
    xhr.progress(0, 0, true);
    xhr.progress(2, 3);
    xhr.progress(3, 3);
    xhr.respond(200, '{}');
    await result;
    expect(progress).toEqual([0, 33, 66, 100]);
  });

  it('resolves with any answer, error statuses included: what it means is the caller’s to say', async () => {
    const ok = start();
    ok.xhr.respond(200, '{"done":true}', 'OK');
    await expect(ok.result).resolves.toEqual({ status: 200, statusText: 'OK', responseText: '{"done":true}' });
    const refused = start();
    refused.xhr.respond(422, '{"error":"Bad row","code":"invalid_csv"}');
    await expect(refused.result).resolves.toEqual({
      status: 422,
      statusText: '',
      responseText: '{"error":"Bad row","code":"invalid_csv"}',
    });
  });

  it('rejects with the kind when no answer arrives: timeout, network error', async () => {
    const slow = start();
    slow.xhr.ontimeout?.();
    await expectFailure(slow.result, 'timeout');
    const offline = start();
    offline.xhr.onerror?.();
    await expectFailure(offline.result, 'network');
  });

  it('aborts the request when the signal fires, and forgets the signal after the answer', async () => {
    const controller = new AbortController();
    const cancelled = start({ signal: controller.signal });
    controller.abort();
    expect(cancelled.xhr.aborted).toBe(true);
    await expectFailure(cancelled.result, 'aborted');

    const later = new AbortController();
    const answered = start({ signal: later.signal });
    answered.xhr.respond(200, '{}');
    await answered.result;
    later.abort();
    expect(answered.xhr.aborted).toBe(false);
  });

  it('sends nothing when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const { xhr, progress, result } = start({ signal: controller.signal });
    await expectFailure(result, 'aborted');
    expect(xhr.sent).toBeNull();
    expect(progress).toEqual([]);
  });
});

describe('progressPercent and parseJson', () => {
  it('progress is whole percent, 0 to 100', () => {
    expect(progressPercent(333, 1000)).toBe(33);
    expect(progressPercent(2000, 1000)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });
  it('JSON text parses, anything else is null', () => {
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseJson('<html>Bad gateway</html>')).toBeNull();
    expect(parseJson('')).toBeNull();
  });
});
