/**
 * The one way the shop talks to a model (D26): the `openai` client against OPENAI_BASE_URL (any
 * OpenAI-compatible service) or OpenAI itself. Answers are structured output checked by the same
 * valibot schema that produced the JSON schema sent to the model, so a malformed, partial or late
 * answer becomes an AiError the caller can turn into a clear message; nothing half-valid escapes.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import OpenAI from 'openai';
import * as v from 'valibot';
import { type ImageType, sniffImageType } from '../../lib/image-type.ts';

/** The bindings the AI features read (secrets in production, .dev.vars locally). */
export interface AiEnv {
  OPENAI_API_KEY?: string | undefined;
  /** Any OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1. */
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_MODEL?: string | undefined;
  OPENAI_IMAGE_MODEL?: string | undefined;
  /** Milliseconds a text answer may take (default AI_DEFAULTS.textTimeoutMs). */
  OPENAI_TIMEOUT_MS?: string | undefined;
  /** Milliseconds one image may take (default AI_DEFAULTS.imageTimeoutMs). */
  OPENAI_IMAGE_TIMEOUT_MS?: string | undefined;
}

export const AI_DEFAULTS = {
  model: 'gpt-4o-mini',
  imageModel: 'gpt-image-1',
  /** A shopper waits for the assistant: past this the built-in answer is better than none. */
  textTimeoutMs: 20_000,
  /** Image models are slow; a bulk run goes product by product, each with this ceiling. */
  imageTimeoutMs: 90_000,
  imageSize: '1024x1024',
} as const;

export type AiErrorCode = 'ai_timeout' | 'ai_malformed' | 'ai_unavailable';

export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export interface GeneratedImage {
  bytes: Uint8Array<ArrayBuffer>;
  type: ImageType;
}

export interface AiClient {
  readonly model: string;
  /** Asks for JSON matching `schema`; resolves only with output that passed it. */
  json<const S extends v.GenericSchema>(request: { name: string; system: string; user: string; schema: S }): Promise<v.InferOutput<S>>;
  /** One image for the prompt, checked to be an image by its bytes. */
  image(prompt: string): Promise<GeneratedImage>;
}

/** The configured client, or null when no key is set (the features then use their fallbacks). */
export function aiFromEnv(env: AiEnv): AiClient | null {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return null;
  const timeout = Number(env.OPENAI_TIMEOUT_MS) > 0 ? Number(env.OPENAI_TIMEOUT_MS) : AI_DEFAULTS.textTimeoutMs;
  // No retries: a retried timeout doubles the wait and the caller has a fallback or an error to show.
  const client = new OpenAI({ apiKey, baseURL: env.OPENAI_BASE_URL?.trim() || null, timeout, maxRetries: 0 });
  const model = env.OPENAI_MODEL?.trim() || AI_DEFAULTS.model;
  const imageModel = env.OPENAI_IMAGE_MODEL?.trim() || AI_DEFAULTS.imageModel;
  return {
    model,
    async json({ name, system, user, schema }) {
      const completion = await call(() =>
        client.chat.completions.create({
          model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name, schema: toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown> },
          },
        }),
      );
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new AiError('ai_malformed', 'The AI service sent an empty answer.');
      let data: unknown;
      try {
        data = JSON.parse(content);
      } catch {
        // JSON.parse throws only on text that is not JSON.
        throw new AiError('ai_malformed', 'The AI service sent an answer that is not valid JSON.');
      }
      const parsed = v.safeParse(schema, data);
      if (!parsed.success) throw new AiError('ai_malformed', "The AI service's answer did not have the expected fields.");
      return parsed.output;
    },
    async image(prompt) {
      // gpt-image models always answer base64 and refuse response_format; DALL-E style ones need it.
      const wantsFormat = !imageModel.startsWith('gpt-image');
      const result = await call(() =>
        client.images.generate(
          {
            model: imageModel,
            prompt,
            n: 1,
            size: AI_DEFAULTS.imageSize,
            ...(wantsFormat ? { response_format: 'b64_json' as const } : {}),
          },
          { timeout: Number(env.OPENAI_IMAGE_TIMEOUT_MS) > 0 ? Number(env.OPENAI_IMAGE_TIMEOUT_MS) : AI_DEFAULTS.imageTimeoutMs },
        ),
      );
      const b64 = result.data?.[0]?.b64_json;
      if (typeof b64 !== 'string' || !b64) throw new AiError('ai_malformed', 'The AI service sent no image.');
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
      } catch {
        // atob throws only on text that is not base64.
        throw new AiError('ai_malformed', 'The AI service sent an image that could not be decoded.');
      }
      const type = sniffImageType(bytes);
      if (!type) throw new AiError('ai_malformed', 'The AI service sent something that is not an image.');
      return { bytes, type };
    },
  };
}

/** Maps the client's failures onto the three things a caller can act on. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OpenAI.APIConnectionTimeoutError) throw new AiError('ai_timeout', 'The AI service took too long to answer.');
    if (err instanceof OpenAI.APIError && err.status != null) {
      throw new AiError('ai_unavailable', `The AI service answered with an error (${err.status}).`);
    }
    if (err instanceof OpenAI.APIConnectionError) throw new AiError('ai_unavailable', 'The AI service could not be reached.');
    // A body the client could not parse (e.g. HTML from a proxy) is a malformed answer.
    if (err instanceof SyntaxError) throw new AiError('ai_malformed', 'The AI service sent an answer that is not valid JSON.');
    throw err;
  }
}
