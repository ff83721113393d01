import { describe, expect, it } from 'vitest';
import { parseJson, progressPercent, type UploadXhr, XhrFailure, xhrUpload } from './xhr-upload.ts';

/** A scripted XMLHttpRequest: the test drives its events as the browser would. */
class FakeXhr implements UploadXhr {
  method = '';
  url = '';
  sent: Blob | FormData | null = null;
  headers: Record<string, string> = {};
  aborted = 0;
  timeout = 0;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: UploadXhr['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: Blob | FormData) {
    this.sent = body;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted += 1;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  respond(status: number, body: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.onload?.();
  }
}

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

const failure = async (promise: Promise<unknown>): Promise<XhrFailure> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof XhrFailure) return err;
    throw err;
  }
  throw new Error('the upload did not fail');
};

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
    expect((await failure(slow.result)).kind).toBe('timeout');
    const offline = start();
    offline.xhr.onerror?.();
    expect((await failure(offline.result)).kind).toBe('network');
  });

  it('aborts the request when the signal fires, once, and forgets the signal after the answer', async () => {
    const controller = new AbortController();
    const cancelled = start({ signal: controller.signal });
    controller.abort();
    expect(cancelled.xhr.aborted).toBe(1);
    expect((await failure(cancelled.result)).kind).toBe('aborted');

    const later = new AbortController();
    const answered = start({ signal: later.signal });
    answered.xhr.respond(200, '{}');
    await answered.result;
    later.abort();
    expect(answered.xhr.aborted).toBe(0);
  });

  it('sends nothing when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const { xhr, progress, result } = start({ signal: controller.signal });
    expect((await failure(result)).kind).toBe('aborted');
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
