// Miniflare's own FormData: the global one (another undici) would not serialise into dispatchFetch.
import { FormData, type Miniflare } from 'miniflare';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';
import { signInTo } from '../helpers/worker.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const dbUrl = await workersDbUrl();
let mf: Miniflare;
let cookie: string;
const ORIGIN = 'https://shop.test';

beforeAll(async () => {
  const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
  await createAdmin(db, 'r2-admin@example.com', 'r2 admin password');
  close();
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: dbUrl } });
  await mf.ready;
  cookie = await signInTo(mf, ORIGIN, { email: 'r2-admin@example.com', password: 'r2 admin password' }, '198.51.100.20');
});
afterAll(async () => {
  await mf?.dispose();
});

describe('uploads to R2 in workerd', () => {
  it('stores an upload in the R2 bucket and serves the same bytes with its type', async () => {
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#2b7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'x.png');
    const res = await mf.dispatchFetch(`${ORIGIN}/api/admin/upload-image`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN },
      body: form,
    });
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    const bucket = await mf.getR2Bucket('IMAGES');
    const stored = await bucket.get(imageUrl.replace('/api/images/', ''));
    expect(stored?.httpMetadata?.contentType).toBe('image/png');
    const served = await mf.dispatchFetch(`${ORIGIN}${imageUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
