import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError, aiFromEnv } from '../../src/features/ai/ai.server.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const Answer = v.object({ answer: v.pipe(v.string(), v.minLength(1)), relatedTopics: v.array(v.string()) });
const env = (extra: Record<string, string> = {}) => ({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: fake.url, ...extra });
const ask = (extra: Record<string, string> = {}) =>
  aiFromEnv(env(extra))?.json({ name: 'answer', system: 'You help.', user: 'What is THC?', schema: Answer });

async function failure(promise: Promise<unknown> | undefined): Promise<AiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AiError) return err;
    throw err;
  }
  throw new Error('expected an AiError');
}

describe('the AI client (real openai client against a fake OpenAI-compatible server)', () => {
  it('is off without a key', () => {
    expect(aiFromEnv({})).toBeNull();
    expect(aiFromEnv({ OPENAI_API_KEY: '  ' })).toBeNull();
  });

  it('asks for structured output with the schema and returns the validated answer', async () => {
    fake.onChat(() => ({ json: { answer: 'THC is the main intoxicating cannabinoid.', relatedTopics: ['CBD'] } }));
    const before = fake.requests.length;
    await expect(ask({ OPENAI_MODEL: 'test-model' })).resolves.toEqual({
      answer: 'THC is the main intoxicating cannabinoid.',
      relatedTopics: ['CBD'],
    });
    const request = fake.requests[before];
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('test-model');
    const format = request?.body.response_format as { type: string; json_schema: { name: string; schema: { properties: object } } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('answer');
    expect(Object.keys(format.json_schema.schema.properties)).toEqual(['answer', 'relatedTopics']);
  });

  it('turns an answer that is not JSON, or JSON without the fields, into a malformed-answer error', async () => {
    fake.onChat(() => ({ content: 'Sure! THC is great.' }));
    expect((await failure(ask())).code).toBe('ai_malformed');
    fake.onChat(() => ({ json: { answer: '', relatedTopics: 'CBD' } }));
    expect((await failure(ask())).code).toBe('ai_malformed');
    fake.onChat(() => ({ content: '' }));
    expect((await failure(ask())).code).toBe('ai_malformed');
  });

  it('gives up after its timeout instead of hanging', async () => {
    fake.onChat(() => ({ hang: true }));
    const err = await failure(ask({ OPENAI_TIMEOUT_MS: '300' }));
    expect(err.code).toBe('ai_timeout');
  });

  it('reports a service error or an unreachable service as unavailable', async () => {
    fake.onChat(() => ({ status: 500 }));
    expect((await failure(ask())).code).toBe('ai_unavailable');
    const down = aiFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect((await failure(down?.json({ name: 'a', system: 's', user: 'u', schema: Answer }))).code).toBe('ai_unavailable');
  });

  it('generates an image and checks that the bytes are an image', async () => {
    const client = aiFromEnv(env());
    fake.onImage(() => ({ b64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' }));
    const image = await client?.image('A cannabis flower, studio light');
    expect(image?.type).toBe('image/png');
    expect(image?.bytes.length).toBeGreaterThan(50);
    fake.onImage(() => ({ b64: Buffer.from('<svg onload=alert(1)>').toString('base64') }));
    expect((await failure(client?.image('x'))).code).toBe('ai_malformed');
  });
});
