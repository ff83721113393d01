import { describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../tests/helpers/fake-xhr.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS } from './images.ts';
import { checkImageFile, progressPercent, UPLOAD_URL, UploadError, uploadImage } from './upload.ts';

function start(options: { signal?: AbortSignal } = {}) {
  const xhr = new FakeXhr<FormData>();
  const progress: number[] = [];
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'leaf.png', { type: 'image/png' });
  const result = uploadImage(file, { ...options, createXhr: () => xhr, onProgress: (p) => progress.push(p) });
  return { xhr, progress, result };
}

const failure = async (promise: Promise<unknown>): Promise<UploadError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof UploadError) return err;
    throw err;
  }
  throw new Error('the upload did not fail');
};

describe('checkImageFile (admin.md §5)', () => {
  it('accepts an image up to 5MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES })).toBeNull();
  });
  it('refuses what is not an image, SVG included', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('Only image files are allowed');
    expect(checkImageFile({ type: '', size: 10 })).toBe('Only image files are allowed');
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('Only image files are allowed');
  });
  it('refuses more than 5MB and an empty file', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('File size must be less than 5MB');
    expect(checkImageFile({ type: 'image/png', size: 0 })).toBe(UPLOAD_MESSAGES.missing);
  });
});

describe('progressPercent', () => {
  it('is whole percent of bytes sent, 0 to 100', () => {
    expect(progressPercent(0, 1000)).toBe(0);
    expect(progressPercent(333, 1000)).toBe(33);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(2000, 1000)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });
});

describe('uploadImage (D22: real progress)', () => {
  it('posts the file as field "image" with credentials and the 30 s timeout, reports bytes sent, and resolves with the URL', async () => {
    const { xhr, progress, result } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD_URL);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    const sent = xhr.sent?.get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('leaf.png');

    xhr.progress(250, 1000);
    xhr.progress(750, 1000);
    xhr.progress(0, 0, false); // not computable: no made-up number
    xhr.progress(1000, 1000);
    xhr.respond(200, JSON.stringify({ imageUrl: '/api/images/uploads/0123456789abcdef0123456789abcdef.png' }));
    await expect(result).resolves.toBe('/api/images/uploads/0123456789abcdef0123456789abcdef.png');
    expect(progress).toEqual([0, 25, 75, 100, 100]);
  });

  it('401 -> the sign-in message', async () => {
    const { xhr, result } = start();
    xhr.respond(401, JSON.stringify({ error: 'Not authenticated', code: 'unauthenticated' }), 'Unauthorized');
    const err = await failure(result);
    expect(err.message).toBe('Not authenticated. Please log in to the admin panel first.');
    expect(err.kind).toBe('unauthenticated');
  });

  it("another failure -> 'Upload failed ({status}): {server message}'", async () => {
    const a = start();
    a.xhr.respond(415, JSON.stringify({ error: 'Only image files are allowed', code: 'not_an_image' }), 'Unsupported Media Type');
    expect((await failure(a.result)).message).toBe('Upload failed (415): Only image files are allowed');

    const b = start();
    b.xhr.respond(413, 'Payload Too Large');
    expect((await failure(b.result)).message).toBe('Upload failed (413): Payload Too Large');

    const c = start();
    c.xhr.respond(502, '<html><body>Bad gateway</body></html>', 'Bad Gateway');
    expect((await failure(c.result)).message).toBe('Upload failed (502): Bad Gateway');

    const d = start();
    d.xhr.respond(200, '{"nothing":true}');
    expect((await failure(d.result)).message).toBe('Failed to upload image');
  });

  it('timeout, network error and cancel each say what happened', async () => {
    const a = start();
    a.xhr.ontimeout?.();
    expect((await failure(a.result)).message).toBe('Upload timed out. Please try again with a smaller image.');

    const b = start();
    b.xhr.onerror?.();
    const network = await failure(b.result);
    expect(network.message).toBe('Failed to upload image');
    expect(network.kind).toBe('network');

    const controller = new AbortController();
    const c = start({ signal: controller.signal });
    controller.abort();
    expect(c.xhr.aborted).toBe(true);
    expect((await failure(c.result)).kind).toBe('aborted');
  });
});
