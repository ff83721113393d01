import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/** POST /api/ask and POST /api/generate-content (admin.md §7): the shoppers' knowledge assistant. */
export const aiRoutes = new Hono<AppEnv>();
