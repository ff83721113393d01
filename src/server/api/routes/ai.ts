import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { AskInput, ContentInput } from '../../../features/ai/assistant.schema.ts';
import { answerQuestion, generateContent } from '../../../features/ai/assistant.server.ts';
import { ASSISTANT_RATE_LIMIT, ASSISTANT_RATE_LIMITED } from '../../../features/ai/assistant.ts';
import { hitRateLimit } from '../../../features/site/rate-limit.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { issuesToFields } from '../../../lib/validation.ts';
import { clientIp } from '../admin-auth.ts';
import { readJson } from '../body.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { onError } from '../errors.ts';

/** A question of 1,000 characters is at most ~6 KB as JSON (escaped); anything far larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

async function parse<const S extends v.GenericSchema>(c: Context<AppEnv>, schema: S, field: string, code: string) {
  const parsed = v.safeParse(schema, await readJson(c, MAX_BODY_BYTES));
  if (!parsed.success) {
    const fields = issuesToFields(parsed.issues, field);
    throw new HttpError(400, code, fields[field] ?? Object.values(fields)[0] ?? 'Please check your request.', fields);
  }
  return parsed.output as v.InferOutput<S>;
}

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
  .post('/ask', async (c) => {
    const { question } = await parse(c, AskInput, 'question', 'invalid_question');
    await limit(c);
    const answer = await answerQuestion(c.var.db, c.env ?? {}, question);
    c.header('Cache-Control', CACHE.none);
    return c.json(answer);
  })
  .post('/generate-content', async (c) => {
    const { topic } = await parse(c, ContentInput, 'topic', 'invalid_topic');
    await limit(c);
    const content = await generateContent(c.env ?? {}, topic);
    c.header('Cache-Control', CACHE.none);
    return c.json(content);
  });

// The spec's callers read `success` and `message` (§3 AI answer); the project's error shape
// ({ error, code, fields? }) stays as it is, with those two added.
aiRoutes.onError((err, c) => {
  if (!(err instanceof HttpError)) return onError(err, c);
  return c.json({ success: false, message: err.message, ...err.toBody() }, err.status, { ...err.headers, 'Cache-Control': CACHE.none });
});
