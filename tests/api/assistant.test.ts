import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_INPUT } from '../../src/features/ai/assistant.schema.ts';
import { ASSISTANT_RATE_LIMIT, BUILT_IN_ANSWER_MESSAGE, BUILT_IN_CONTENT_MESSAGE, TOPICS } from '../../src/features/ai/assistant.ts';
import { checkAll } from '../../src/features/ai/compliance.ts';
import { listProducts } from '../../src/features/catalog/catalog.server.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { displayPrice } from '../../src/features/pricing/pricing.ts';
import { hitRateLimit } from '../../src/features/site/rate-limit.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp, testBindings } from '../helpers/env.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';

let t: TestDb;
let app: TestApp;
let fake: FakeOpenAi;
let catalogue: ApiProduct[];
let nextIp = 1;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  fake = await startFakeOpenAi();
  catalogue = await listProducts(t.db);
  // The fallbacks log why they were used; the tests assert on the responses instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await fake.close();
  t.close();
});

interface Answer {
  success: boolean;
  answer: string;
  relatedTopics: string[];
  message?: string;
}
interface Content {
  success: boolean;
  title: string;
  summary: string;
  content: string;
  keyTakeaways: string[];
  message?: string;
}
interface Failure {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

/** Each test gets its own address, so the rate limit of one never trips another. */
const freshIp = () => `203.0.113.${nextIp++}`;
const post = (path: string, body: unknown, opts: { ip?: string; env?: Bindings } = {}) =>
  app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': opts.ip ?? freshIp() },
      body: JSON.stringify(body),
    },
    opts.env,
  );
const ask = async (question: string, env?: Bindings) => {
  const res = await post('/api/ask', { question }, env ? { env } : {});
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as Answer;
};
const generate = async (topic: string, env?: Bindings) => {
  const res = await post('/api/generate-content', { topic }, env ? { env } : {});
  expect(res.status).toBe(200);
  return (await res.json()) as Content;
};
const withModel = (extra: Bindings = {}) => testBindings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ...extra });
const titles = new Set(TOPICS.map((topic) => topic.title));

describe('POST /api/ask without a key (D26: the built-in guide and the catalogue)', () => {
  it('answers a knowledge question with related topics the guide can answer too', async () => {
    const body = await ask('What is the difference between indica and sativa?');
    expect(body.success).toBe(true);
    expect(body.answer).toMatch(/indica/i);
    expect(body.answer).toMatch(/sativa/i);
    expect(body.message).toBe(BUILT_IN_ANSWER_MESSAGE);
    expect(body.relatedTopics.length).toBeGreaterThanOrEqual(3);
    expect(body.relatedTopics.length).toBeLessThanOrEqual(5);
    for (const title of body.relatedTopics) expect(titles.has(title), title).toBe(true);
    expect(checkAll(body)).toEqual([]);
  });

  it('names edibles from the menu, with their prices, when asked what edibles there are', async () => {
    const body = await ask('What edibles do you have?');
    const edibles = catalogue.filter((p) => p.category === 'Edible' && p.inStock);
    const named = edibles.filter((p) => body.answer.includes(p.name));
    expect(named.length).toBeGreaterThan(0);
    const first = named[0] as ApiProduct;
    expect(body.answer).toContain(`${first.name} (Edible`);
    expect(body.answer).toMatch(/\$\d+\.\d{2}/);
    // Nothing but edibles is offered.
    const others = catalogue.filter((p) => p.category !== 'Edible' && body.answer.includes(`• ${p.name} (`));
    expect(others).toEqual([]);
    expect(body.answer).toMatch(/30 minutes to 2 hours/);
  });

  it('suggests products customers report as sleepy for "something for sleep"', async () => {
    const body = await ask('Can you recommend something for sleep?');
    const named = catalogue.filter((p) => body.answer.includes(`• ${p.name} (`));
    expect(named.length).toBeGreaterThan(0);
    for (const p of named) expect(p.effects).toMatch(/Sleepy/);
    expect(checkAll(body)).toEqual([]);
  });

  it('answers about a strain with its products on the menu', async () => {
    const body = await ask('Tell me about Blue Dream');
    expect(body.answer).toMatch(/^Blue Dream is a Hybrid strain\./);
    const named = catalogue.filter((p) => body.answer.includes(`• ${p.name} (`));
    expect(named.length).toBeGreaterThan(0);
    for (const p of named) expect(p.name).toContain('Blue Dream');
    // Prices are the ones the shop shows (deals included); weighed products start "from".
    for (const p of named) {
      const from = p.category === 'Flower' ? 'from ' : '';
      expect(body.answer).toContain(
        `${p.name} (${p.category}, Hybrid, ${p.thcContent}% THC): ${from}${formatMoney(displayPrice(p).price)}`,
      );
    }
  });

  it('answers relaxing indica questions with indica products only', async () => {
    const body = await ask('relaxing indica?');
    const named = catalogue.filter((p) => body.answer.includes(`• ${p.name} (`));
    expect(named.length).toBeGreaterThan(0);
    for (const p of named) expect(p.strainType).toBe('Indica');
  });

  it('gives the local rules with their official source', async () => {
    const body = await ask('How much can I buy in Maryland?');
    expect(body.answer).toContain('1.5 ounces');
    expect(body.answer).toContain('750 mg');
    expect(body.answer).toContain('cannabis.maryland.gov');
    const dc = await ask('is weed legal in D.C.?');
    expect(dc.answer).toContain('Initiative 71');
    expect(dc.answer).toContain('abca.dc.gov');
  });

  it('never makes a medical claim, even when asked for one (D27)', async () => {
    const body = await ask('Can CBD cure my anxiety?');
    expect(body.answer).toMatch(/can't give medical advice/);
    expect(checkAll(body)).toEqual([]);
  });

  it('answers a related topic when its title is sent back as the question', async () => {
    const first = await ask('How long do edibles take?');
    const topic = first.relatedTopics[0] as string;
    const next = await ask(topic);
    const summary = TOPICS.find((x) => x.title === topic)?.summary as string;
    expect(next.answer).toContain(summary);
  });

  it('gives a helpful general answer and suggestions for a question it cannot place', async () => {
    const body = await ask('qwertyuiop zxcvbnm');
    expect(body.success).toBe(true);
    expect(body.answer).toMatch(/I can help with/);
    expect(body.relatedTopics.length).toBeGreaterThanOrEqual(3);
  });
});

describe('POST /api/generate-content without a key', () => {
  it('writes an article from the matching guide topics', async () => {
    const body = await generate('Edible dosing for beginners');
    expect(body.success).toBe(true);
    expect(body.title).toBeTruthy();
    expect(body.summary).toBeTruthy();
    expect(body.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(body.content).toMatch(/2\.5 mg/);
    expect(body.keyTakeaways.length).toBeGreaterThanOrEqual(3);
    expect(body.message).toBe(BUILT_IN_CONTENT_MESSAGE);
    expect(checkAll(body)).toEqual([]);
  });

  it('still writes something useful for a topic the guide does not cover', async () => {
    const body = await generate('zzzz unknown subject');
    expect(body.title).toBe('Cannabis Basics for Adults 21+');
    expect(body.keyTakeaways.length).toBeGreaterThanOrEqual(3);
  });
});

describe('bad requests (admin.md §5)', () => {
  it('refuses a blank question or topic with the spec words', async () => {
    for (const question of ['', '   ']) {
      const res = await post('/api/ask', { question });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Failure;
      // The API's one error shape, as for every other route.
      expect(body).toEqual({
        error: 'Please enter a question to continue.',
        code: 'invalid_question',
        fields: { question: 'Please enter a question to continue.' },
      });
    }
    const missing = await post('/api/ask', {});
    expect(((await missing.json()) as Failure).error).toBe('Please enter a question to continue.');
    const topic = await post('/api/generate-content', { topic: ' ' });
    expect(topic.status).toBe(400);
    expect(((await topic.json()) as Failure).error).toBe('Please enter a topic to generate content.');
  });

  it('refuses a question or topic over its length', async () => {
    const long = await post('/api/ask', { question: 'a'.repeat(ASSISTANT_INPUT.questionMaxLength + 1) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as Failure).error).toBe('Please keep your question under 1,000 characters.');
    expect((await post('/api/ask', { question: 'a'.repeat(ASSISTANT_INPUT.questionMaxLength) })).status).toBe(200);
    const topic = await post('/api/generate-content', { topic: 'a'.repeat(ASSISTANT_INPUT.topicMaxLength + 1) });
    expect(topic.status).toBe(400);
    expect(((await topic.json()) as Failure).error).toBe('Please keep the topic under 200 characters.');
    const huge = await post('/api/ask', { question: 'a'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await app.request('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"question":' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Failure).error).toEqual(expect.any(String));
  });
});

describe('rate limit', () => {
  it('allows a burst per address, then answers 429 with Retry-After', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < ASSISTANT_RATE_LIMIT.max; i++) {
      const path = i % 2 ? '/api/ask' : '/api/generate-content';
      expect((await post(path, i % 2 ? { question: 'What is THC?' } : { topic: 'terpenes' }, { ip })).status).toBe(200);
    }
    const limited = await post('/api/ask', { question: 'What is THC?' }, { ip });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ASSISTANT_RATE_LIMIT.windowMs / 1000);
    const body = (await limited.json()) as Failure;
    expect(body.code).toBe('too_many_requests');
    expect(body.error).toMatch(/try again/);
    // Another address is not affected; a blank question never counted.
    expect((await post('/api/ask', { question: 'What is THC?' })).status).toBe(200);
  });

  it('opens a new window once the old one has passed', async () => {
    const limit = { max: 2, windowMs: 1000 };
    const key = 'test:window';
    expect(await hitRateLimit(t.db, key, limit, 10_000)).toEqual({ ok: true, retryAfter: 0 });
    expect(await hitRateLimit(t.db, key, limit, 10_100)).toEqual({ ok: true, retryAfter: 0 });
    expect(await hitRateLimit(t.db, key, limit, 10_500)).toEqual({ ok: false, retryAfter: 1 });
    expect(await hitRateLimit(t.db, key, limit, 11_000)).toEqual({ ok: true, retryAfter: 0 });
  });
});

describe('with a model (fake OpenAI-compatible server)', () => {
  it('uses the structured answer, giving the model the guide and the menu as context', async () => {
    const text = 'Our gummies are a popular pick. Start with 2.5 mg and wait two hours before taking more.';
    fake.onChat(() => ({ json: { answer: text } }));
    const before = fake.requests.length;
    const body = await ask('What edibles do you have?', withModel());
    expect(body.answer).toBe(text);
    expect(body.message).toBeUndefined();
    expect(body.relatedTopics.length).toBeGreaterThanOrEqual(3);
    const request = fake.requests[before]?.body as { messages: { role: string; content: string }[] };
    const [system, user] = request.messages;
    expect(system?.content).toMatch(/21/);
    expect(system?.content).toMatch(/cures, treats, prevents/);
    expect(user?.content).toContain('What edibles do you have?');
    expect(user?.content).toContain('Edibles: Onset, Duration and Dosing');
    expect(catalogue.some((p) => p.category === 'Edible' && user?.content.includes(p.name))).toBe(true);
  });

  it('falls back to the built-in answer when the model sends a malformed answer', async () => {
    const builtIn = await ask('What is THC?');
    fake.onChat(() => ({ content: 'Sure! THC is great.' }));
    const malformed = await ask('What is THC?', withModel());
    expect(malformed).toEqual(builtIn);
    fake.onChat(() => ({ json: { answer: '   ', extra: 1 } }));
    expect(await ask('What is THC?', withModel())).toEqual(builtIn);
    fake.onChat(() => ({ status: 500 }));
    expect(await ask('What is THC?', withModel())).toEqual(builtIn);
  });

  it('falls back when the model is too slow', async () => {
    fake.onChat(() => ({ hang: true }));
    const body = await ask('How should I store flower?', withModel({ OPENAI_TIMEOUT_MS: '300' }));
    expect(body.message).toBe(BUILT_IN_ANSWER_MESSAGE);
    expect(body.answer).toMatch(/airtight glass jar/);
  });

  it('never shows a model answer that makes a medical claim (D27)', async () => {
    fake.onChat(() => ({ json: { answer: 'CBD cures anxiety disorder and treats insomnia.' } }));
    const body = await ask('Can CBD help me?', withModel());
    expect(body.answer).not.toMatch(/cures|treats/);
    expect(body.message).toBe(BUILT_IN_ANSWER_MESSAGE);
    expect(checkAll(body)).toEqual([]);
  });

  it('generates content with the model, and falls back when it fails or is flagged', async () => {
    const article = {
      title: 'Terpenes 101',
      summary: 'Terpenes shape aroma and flavor.',
      content: 'Myrcene is earthy.\n\nLimonene is citrusy.',
      keyTakeaways: ['Terpenes carry aroma.', 'Store cannabis well.'],
    };
    fake.onChat(() => ({ json: article }));
    expect(await generate('terpenes', withModel())).toEqual({ success: true, ...article });

    const builtIn = await generate('terpenes');
    fake.onChat(() => ({ json: { ...article, keyTakeaways: ['Terpenes heal inflammation.', 'Great for kids.'] } }));
    expect(await generate('terpenes', withModel())).toEqual(builtIn);
    fake.onChat(() => ({ json: { ...article, keyTakeaways: 'not a list' } }));
    expect(await generate('terpenes', withModel())).toEqual(builtIn);
    fake.onChat(() => ({ hang: true }));
    expect(await generate('terpenes', withModel({ OPENAI_TIMEOUT_MS: '300' }))).toEqual(builtIn);
  });
});
