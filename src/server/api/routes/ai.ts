import { type Context, Hono } from 'hono';
import { AskInput, ContentInput } from '../../../features/ai/assistant.schema.ts';
import { answerQuestion, generateContent } from '../../../features/ai/assistant.server.ts';
import { ASSISTANT_RATE_LIMIT, ASSISTANT_RATE_LIMITED } from '../../../features/ai/assistant.ts';
import { hitRateLimit } from '../../../features/site/rate-limit.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { clientIp } from '../admin-auth.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

/** One allowance per address for both calls: each may reach the paid model (D26). */
async function limit(c: Context<AppEnv>): Promise<void> {
  const { ok, retryAfter } = await hitRateLimit(c.var.db, `ai:${clientIp(c)}`, ASSISTANT_RATE_LIMIT);
  if (!ok) {
    throw new HttpError(429, 'too_many_requests', ASSISTANT_RATE_LIMITED, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}

/**
 * POST /api/ask and POST /api/generate-content (admin.md §7): the shoppers' knowledge assistant.
 * Answers are personal to the question and never cached.
 */
export const aiRoutes = new Hono<AppEnv>()
  .post('/ask', jsonOnly, valid('json', AskInput, 'question', { code: 'invalid_question' }), async (c) => {
    const { question } = c.req.valid('json');
    await limit(c);
    const answer = await answerQuestion(c.var.db, c.env, question);
    c.header('Cache-Control', CACHE.none);
    return c.json(answer);
  })
  .post('/generate-content', jsonOnly, valid('json', ContentInput, 'topic', { code: 'invalid_topic' }), async (c) => {
    const { topic } = c.req.valid('json');
    await limit(c);
    const content = await generateContent(c.env, topic);
    c.header('Cache-Control', CACHE.none);
    return c.json(content);
  });
