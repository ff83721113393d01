import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProduct, PublicSiteImage } from '../../src/features/catalog/catalog.ts';
import { memoryStore } from '../../src/features/images/image-store.ts';
import { MAX_UPLOAD_BYTES } from '../../src/features/images/images.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

let t: TestDb;
let app: TestApp;
let cookie: string;
const store = memoryStore();

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db, images: () => store });
  await createAdmin(t.db, 'images@example.com', 'images password 123');
  cookie = await signIn(app, 'images@example.com', 'images password 123');
});
afterAll(() => t.close());

const picture = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer();

function upload(bytes: Uint8Array, name: string, type: string, headers: Record<string, string> = { cookie, origin: TEST_ORIGIN }) {
  const form = new FormData();
  form.set('image', new File([new Uint8Array(bytes)], name, { type }));
  return app.request('/api/admin/upload-image', { method: 'POST', headers, body: form });
}

const json = (method: string, body: unknown) => ({
  method,
  headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('POST /api/admin/upload-image (D22)', () => {
  it('accepts JPEG, PNG and WebP by their bytes, stores them under content keys, and serves the same bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const bytes = await picture(format);
      // A misleading name and declared type change nothing: the bytes decide.
      const res = await upload(bytes, 'photo.txt', 'text/plain');
      expect(res.status, format).toBe(200);
      const { imageUrl } = (await res.json()) as { imageUrl: string };
      expect(imageUrl).toMatch(/^\/api\/images\/uploads\/[0-9a-f]{32}\.(jpg|png|webp)$/);
      const served = await app.request(imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('refuses SVG, HTML renamed .png, an empty file and 5 MB + 1 byte, with the spec messages', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const cases: [Uint8Array, string, string, number, string][] = [
      [svg, 'logo.svg', 'image/svg+xml', 415, 'Only image files are allowed'],
      [html, 'innocent.png', 'image/png', 415, 'Only image files are allowed'],
      [new Uint8Array(0), 'empty.png', 'image/png', 400, 'Please upload an image first'],
    ];
    for (const [bytes, name, type, status, message] of cases) {
      const res = await upload(bytes, name, type);
      expect(res.status, name).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(await picture('png'));
    const tooBig = await upload(big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toBe('File size must be less than 5MB');
    expect(store.keys().every((k) => /\.(jpg|png|webp)$/.test(k))).toBe(true);
  });

  it('answers 401 without a session and 403 for a cross-site upload', async () => {
    const bytes = await picture('png');
    const anonymous = await upload(bytes, 'a.png', 'image/png', { origin: TEST_ORIGIN });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBe('Not authenticated. Please log in to the admin panel first.');
    const crossSite = await upload(bytes, 'a.png', 'image/png', { cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await app.request('/api/images/uploads/../../etc/passwd')).status).toBe(404);
    expect((await app.request('/api/images/uploads/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
  });
});

describe('site images and product images', () => {
  it('creates, edits and deletes a site image; the public list shows only active ones without admin fields', async () => {
    const missing = await app.request('/api/admin/site-images', json('POST', { name: '', url: '' }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe('Image name and URL are required');
    const unsafe = await app.request('/api/admin/site-images', json('POST', { name: 'x', url: 'javascript:alert(1)' }));
    expect(unsafe.status).toBe(400);

    const created = await app.request(
      '/api/admin/site-images',
      json('POST', {
        name: 'Summer banner',
        url: '/images/site/x.webp',
        location: 'home_cta',
        category: 'promotional',
        active: true,
        linkTo: '/deals',
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const publicList = async () => (await (await app.request('/api/site-images')).json()) as PublicSiteImage[];
    expect((await publicList()).find((i) => i.id === id)).toEqual({
      id,
      category: 'promotional',
      name: 'Summer banner',
      description: '',
      url: '/images/site/x.webp',
      linkTo: '/deals',
      location: 'home_cta',
    });

    const edited = await app.request(
      `/api/admin/site-images/${id}`,
      json('PATCH', { name: 'Summer banner', url: '/images/site/y.webp', location: 'home_cta', active: false }),
    );
    expect(edited.status).toBe(200);
    expect((await publicList()).some((i) => i.id === id)).toBe(false);
    const all = (await (await app.request('/api/admin/site-images', { headers: { cookie } })).json()) as { id: number; active: boolean }[];
    expect(all.find((i) => i.id === id)?.active).toBe(false);

    expect((await app.request(`/api/admin/site-images/${id}`, json('DELETE', {}))).status).toBe(200);
    expect((await app.request(`/api/admin/site-images/${id}`, json('DELETE', {}))).status).toBe(404);
  });

  it('sets a product image from an uploaded URL', async () => {
    const { imageUrl } = (await (await upload(await picture('webp'), 'p.webp', 'image/webp')).json()) as { imageUrl: string };
    const res = await app.request('/api/admin/products/3/image', json('PATCH', { image: imageUrl }));
    expect(res.status).toBe(200);
    expect(((await (await app.request('/api/products/3')).json()) as ApiProduct).image).toBe(imageUrl);
    const bad = await app.request('/api/admin/products/3/image', json('PATCH', { image: '' }));
    expect(((await bad.json()) as { error: string }).error).toBe('Image URL is required');
  });
});
