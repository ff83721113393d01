/** The knowledge assistant's calls (admin.md §7), for the /ai island. */
import { apiFetch } from '../../lib/api.ts';
import type { AskAnswer, GeneratedContent } from './assistant.schema.ts';

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const assistantApi = {
  ask: (question: string) => apiFetch<AskAnswer>('/api/ask', post({ question })),
  generateContent: (topic: string) => apiFetch<GeneratedContent>('/api/generate-content', post({ topic })),
};
