/**
 * admin.md §5, §7 (AI knowledge assistant): one schema for the form and POST /api/ask or
 * /api/generate-content, with the spec's messages, plus the shapes the model must answer in (D26).
 */
import * as v from 'valibot';

/** The longest question and topic a shopper may send (characters, after trimming). */
export const ASSISTANT_INPUT = { questionMaxLength: 1000, topicMaxLength: 200 } as const;

export const QUESTION_REQUIRED = 'Please enter a question to continue.';
export const TOPIC_REQUIRED = 'Please enter a topic to generate content.';

/** A required text field: a missing one is a blank one, so the shopper sees the spec's words either way. */
const requiredText = (required: string, maxLength: number, tooLong: string) =>
  v.pipe(v.optional(v.string(required), ''), v.trim(), v.minLength(1, required), v.maxLength(maxLength, tooLong));

export const AskInput = v.strictObject({
  question: requiredText(QUESTION_REQUIRED, ASSISTANT_INPUT.questionMaxLength, 'Please keep your question under 1,000 characters.'),
});
export type AskInput = v.InferOutput<typeof AskInput>;

export const ContentInput = v.strictObject({
  topic: requiredText(TOPIC_REQUIRED, ASSISTANT_INPUT.topicMaxLength, 'Please keep the topic under 200 characters.'),
});
export type ContentInput = v.InferOutput<typeof ContentInput>;

/** §3 AI answer. `message` says where the answer came from when it is the built-in guide. */
export interface AskAnswer {
  success: true;
  answer: string;
  relatedTopics: string[];
  message?: string;
}

/** §3 Generated content. */
export interface GeneratedContent {
  success: true;
  title: string;
  summary: string;
  content: string;
  keyTakeaways: string[];
  message?: string;
}

/** Non-blank text of at most `max` characters. */
const text = (max: number) => v.pipe(v.string(), v.regex(/\S/), v.maxLength(max));

/** What the model must send for a question (structured output, checked before use). */
export const ModelAnswer = v.object({ answer: text(6000) });
export type ModelAnswer = v.InferOutput<typeof ModelAnswer>;

/** What the model must send for a content request. */
export const ModelContent = v.object({
  title: text(200),
  summary: text(1000),
  content: text(20_000),
  keyTakeaways: v.pipe(v.array(text(400)), v.minLength(2), v.maxLength(8)),
});
export type ModelContent = v.InferOutput<typeof ModelContent>;
