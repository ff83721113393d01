/**
 * The knowledge assistant (admin.md §2, §5, §8; D26) in chromium against the stack as `npm start`
 * serves it: no OPENAI_API_KEY, so answers come from the built-in guide and the catalogue.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/features/ai/assistant.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl } = await e2eStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openAssistant(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser);
  const res = await opened.page.goto(`${baseUrl}/ai`);
  expect(res?.status()).toBe(200);
  await hydrated(opened.page, 'AssistantPage');
  return opened;
}

const card = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name });
const alertText = (page: Page, title: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: title })
    .textContent()
    .catch(() => '');

describe('Cannabis Knowledge AI (/ai)', () => {
  it('asks a question, follows a related topic and generates an article', async () => {
    const edibles = (await (await fetch(`${baseUrl}/api/products?category=Edible`)).json()) as ApiProduct[];
    const { page, errors } = await openAssistant();
    expect(await page.title()).toMatch(/^Cannabis Knowledge AI/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Cannabis Knowledge AI');
    expect(await page.getByText(/not medical or legal advice/).count()).toBe(1);

    // §5: a blank question is refused with the spec's toast.
    const ask = card(page, 'Ask a Question');
    await ask.getByRole('button', { name: 'Ask Question' }).click();
    await expect.poll(() => alertText(page, 'Question Required')).toContain('Please enter a question to continue.');

    await ask.getByLabel('Your question').fill('What edibles do you have?');
    await ask.getByRole('button', { name: 'Ask Question' }).click();
    const answerHeading = ask.getByRole('heading', { name: 'Answer' });
    await expect.poll(() => answerHeading.count()).toBe(1);
    const answerText = (await ask.textContent()) ?? '';
    expect(edibles.some((p) => p.inStock && answerText.includes(p.name))).toBe(true);
    expect(answerText).toContain('30 minutes to 2 hours');

    const related = ask.getByRole('list', { name: 'Related Topics' }).getByRole('button');
    await expect.poll(() => related.count()).toBeGreaterThanOrEqual(3);
    const topicTitle = ((await related.first().textContent()) ?? '').trim();
    const topic = TOPICS.find((t) => t.title === topicTitle);
    expect(topic, topicTitle).toBeDefined();
    await related.first().click();
    await expect.poll(() => ask.getByLabel('Your question').inputValue()).toBe(topicTitle);
    await expect.poll(async () => (await ask.textContent()) ?? '').toContain(topic?.summary ?? '-');

    // Generate Educational Content: blank, then a topic.
    const generate = card(page, 'Generate Educational Content');
    await generate.getByRole('button', { name: 'Generate Content' }).click();
    await expect.poll(() => alertText(page, 'Topic Required')).toContain('Please enter a topic to generate content.');
    await generate.getByLabel('Topic').fill('terpenes');
    await generate.getByRole('button', { name: 'Generate Content' }).click();
    const title = generate.getByRole('heading', { name: 'Terpenes: Aroma, Flavor and Feel' });
    await expect.poll(() => title.count()).toBe(1);
    const takeaways = generate.getByRole('list', { name: 'Key Takeaways' }).getByRole('listitem');
    await expect.poll(() => takeaways.count()).toBeGreaterThanOrEqual(3);
    expect(await generate.textContent()).toContain('Myrcene is earthy');

    expect(errors).toEqual([]);
  });

  it("shows the server's message, or the spec's words when there is none", async () => {
    const { page } = await openAssistant();
    const ask = card(page, 'Ask a Question');
    await page.route('**/api/ask', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Slow down, please.', message: 'Slow down, please.', code: 'too_many_requests' }),
      }),
    );
    await ask.getByLabel('Your question').fill('What is THC?');
    await ask.getByRole('button', { name: 'Ask Question' }).click();
    await expect.poll(() => alertText(page, 'Error')).toContain('Slow down, please.');

    await page.unroute('**/api/ask');
    await page.route('**/api/ask', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: '' }));
    await ask.getByRole('button', { name: 'Ask Question' }).click();
    await expect.poll(() => alertText(page, 'Error')).toContain('Failed to get an answer. Please try again.');

    await page.route('**/api/generate-content', (route) => route.abort('failed'));
    const generate = card(page, 'Generate Educational Content');
    await generate.getByLabel('Topic').fill('dosing');
    await generate.getByRole('button', { name: 'Generate Content' }).click();
    await expect.poll(() => alertText(page, 'Error')).toContain('Something went wrong. Please try again later.');
  });
});
