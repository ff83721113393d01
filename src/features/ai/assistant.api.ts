/** The knowledge assistant's calls (admin.md §7), for the /ai island; their types come from the routes. */
import { api, call } from '../../lib/api.ts';

export const assistantApi = {
  ask: (question: string) => call(api.ask.$post({ json: { question } })),
  generateContent: (topic: string) => call(api['generate-content'].$post({ json: { topic } })),
};
