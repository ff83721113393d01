// Adapter only: every /api/* request goes to the Hono app (DESIGN: no logic in functions/).
import { handle } from 'hono/cloudflare-pages';
import { createDb } from '../../src/db/client.web.ts';
import { createApp } from '../../src/server/app.ts';

export const onRequest = handle(createApp({ db: createDb }));
