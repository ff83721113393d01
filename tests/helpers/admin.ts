import type { TestApp } from './env.ts';

export const TEST_ORIGIN = 'http://localhost';

/** Signs in through the API and returns the session cookie (`name=value`). */
export async function signIn(app: TestApp, email: string, password: string, ip = '203.0.113.10'): Promise<string> {
  const res = await app.request('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'cf-connecting-ip': ip },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** PATCH /api/admin/states/{code} (D38) as the signed-in account whose cookie is given. */
export async function patchState(app: TestApp, cookie: string, code: string, body: unknown): Promise<Response> {
  return app.request(`/api/admin/states/${code}`, {
    method: 'PATCH',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
