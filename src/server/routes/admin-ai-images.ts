import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/**
 * The flower image generator's routes (admin.md §2, §7), mounted inside the admin router (so
 * behind the session guard and the same-origin check).
 */
export const adminAiImageRoutes = new Hono<AppEnv>();
