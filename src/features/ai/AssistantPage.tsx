/**
 * /ai (admin.md §2 AI knowledge assistant): Ask a Question and Generate Educational Content.
 * Blank input gets the spec's toasts (§5); failures the spec's messages (§8). A result appears only
 * after an answer with success true, and stays until the next one arrives.
 */
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { showToast } from '../../components/ui/toast.ts';
import { useHydrated } from '../../components/ui/useHydrated.ts';
import { ApiError } from '../../lib/api.ts';
import { prefilled } from '../../lib/form-prefill.ts';
import { assistantApi } from './assistant.api.ts';
import { ASSISTANT_INPUT, QUESTION_REQUIRED, TOPIC_REQUIRED } from './assistant.schema.ts';

type AskAnswer = Awaited<ReturnType<typeof assistantApi.ask>>;
type GeneratedContent = Awaited<ReturnType<typeof assistantApi.generateContent>>;

const NETWORK_FAILURE = 'Something went wrong. Please try again later.';

/** §8: the server's sentence when it sent one, else the call's own message. */
function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK_FAILURE;
    // 'http_error' means the body carried no readable error of its own.
    if (err.code !== 'http_error') return err.userMessage;
  }
  return fallback;
}

const fail = (description: string) => showToast({ title: 'Error', description, variant: 'destructive' });

/** What a card's button says until the page's script can send its form. */
const LOADING = 'Loading…';

/**
 * Runs one request at a time for a card; a second submit while busy is ignored. `ready` is false
 * until the island has hydrated: the button stays disabled and says so, as the page's own HTML
 * could not send the question anywhere.
 */
function useRequest() {
  const ready = useHydrated();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { ready, busy, run };
}

/** Blank-line separated paragraphs; a short line without end punctuation is a section heading. */
function Paragraphs({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, i) =>
        !block.includes('\n') && block.length <= 80 && !/[.!?:;,)]$/.test(block) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the text is replaced whole, never reordered.
          <h4 key={i} className="mt-4 font-semibold text-ink">
            {block}
          </h4>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the text is replaced whole, never reordered.
          <p key={i} className="mt-3 whitespace-pre-line">
            {block}
          </p>
        ),
      )}
    </>
  );
}

const cardClass = 'rounded-xl border border-stone-200 bg-white p-6';
const fieldClass = 'w-full rounded-lg border border-stone-300 bg-white px-3 py-2 focus:border-brand-700';
const buttonClass = 'rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

function AskCard() {
  const uid = useId();
  // What was typed before the script arrived is kept.
  const [question, setQuestion] = useState(() => prefilled(`${uid}-question`));
  const [result, setResult] = useState<AskAnswer | null>(null);
  const { ready, busy, run } = useRequest();

  const ask = (text: string) => {
    if (!text.trim()) {
      showToast({ title: 'Question Required', description: QUESTION_REQUIRED, variant: 'destructive' });
      return;
    }
    void run(async () => {
      try {
        const answer = await assistantApi.ask(text.trim());
        if (answer?.success !== true) throw new Error('No answer');
        setResult(answer);
      } catch (err) {
        fail(failureMessage(err, 'Failed to get an answer. Please try again.'));
      }
    });
  };

  const onSubmit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    ask(question);
  };

  const askTopic = (topic: string) => {
    setQuestion(topic);
    ask(topic);
  };

  return (
    <section className={cardClass} aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="text-xl font-semibold">
        Ask a Question
      </h2>
      <p className="mt-1 text-sm text-muted">Strains, effects, cannabinoids, terpenes, dosing, storage and the local rules.</p>
      <form noValidate method="post" onSubmit={onSubmit} className="mt-4 flex flex-col gap-3">
        <label htmlFor={`${uid}-question`} className="text-sm font-semibold">
          Your question
        </label>
        <textarea
          id={`${uid}-question`}
          name="question"
          rows={4}
          maxLength={ASSISTANT_INPUT.questionMaxLength}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/Cmd+Enter sends, as in most chat boxes; Enter alone adds a line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              ask(question);
            }
          }}
          placeholder="e.g. How long do edibles take to kick in?"
          className={fieldClass}
        />
        <button type="submit" disabled={!ready || busy} className={`self-start ${buttonClass}`}>
          {!ready ? LOADING : busy ? 'Getting answer...' : 'Ask Question'}
        </button>
      </form>
      <div aria-live="polite" aria-busy={busy}>
        {result && (
          <div className="mt-6 border-t border-stone-200 pt-4">
            <h3 className="text-lg font-bold">Answer</h3>
            <div className="text-ink">
              <Paragraphs text={result.answer} />
            </div>
            {result.message && <p className="mt-3 text-xs text-muted">{result.message}</p>}
            {result.relatedTopics.length > 0 && (
              <>
                <h4 id={`${uid}-related`} className="mt-5 text-sm font-semibold">
                  Related Topics
                </h4>
                <ul aria-labelledby={`${uid}-related`} className="mt-2 flex flex-wrap gap-2">
                  {result.relatedTopics.map((topic) => (
                    <li key={topic}>
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => askTopic(topic)}
                        className="rounded-full border border-brand-700 px-3 py-1 text-sm text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                      >
                        {topic}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function ContentCard() {
  const uid = useId();
  const [topic, setTopic] = useState(() => prefilled(`${uid}-topic`));
  const [result, setResult] = useState<GeneratedContent | null>(null);
  const { ready, busy, run } = useRequest();

  const onSubmit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!topic.trim()) {
      showToast({ title: 'Topic Required', description: TOPIC_REQUIRED, variant: 'destructive' });
      return;
    }
    void run(async () => {
      try {
        const content = await assistantApi.generateContent(topic.trim());
        if (content?.success !== true) throw new Error('No content');
        setResult(content);
      } catch (err) {
        fail(failureMessage(err, 'Failed to generate content. Please try again.'));
      }
    });
  };

  return (
    <section className={cardClass} aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="text-xl font-semibold">
        Generate Educational Content
      </h2>
      <p className="mt-1 text-sm text-muted">Get a short guide on a cannabis topic, with the key takeaways.</p>
      <form noValidate method="post" onSubmit={onSubmit} className="mt-4 flex flex-col gap-3">
        <label htmlFor={`${uid}-topic`} className="text-sm font-semibold">
          Topic
        </label>
        <input
          id={`${uid}-topic`}
          name="topic"
          type="text"
          maxLength={ASSISTANT_INPUT.topicMaxLength}
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          placeholder="e.g. Terpenes and flavor"
          className={fieldClass}
        />
        <button type="submit" disabled={!ready || busy} className={`self-start ${buttonClass}`}>
          {!ready ? LOADING : busy ? 'Generating...' : 'Generate Content'}
        </button>
      </form>
      <div aria-live="polite" aria-busy={busy}>
        {result && (
          <article className="mt-6 border-t border-stone-200 pt-4" aria-labelledby={`${uid}-title`}>
            <h3 id={`${uid}-title`} className="text-lg font-bold">
              {result.title}
            </h3>
            <p className="mt-2 font-medium text-ink">{result.summary}</p>
            <div className="text-ink">
              <Paragraphs text={result.content} />
            </div>
            {result.keyTakeaways.length > 0 && (
              <>
                <h4 id={`${uid}-takeaways`} className="mt-5 font-semibold">
                  Key Takeaways
                </h4>
                <ul aria-labelledby={`${uid}-takeaways`} className="mt-2 list-disc space-y-1 pl-5">
                  {result.keyTakeaways.map((t, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a model may repeat a line; the list is replaced whole.
                    <li key={i}>{t}</li>
                  ))}
                </ul>
              </>
            )}
            {result.message && <p className="mt-3 text-xs text-muted">{result.message}</p>}
          </article>
        )}
      </div>
    </section>
  );
}

export default function AssistantPage() {
  return (
    <div className="grid items-start gap-8 lg:grid-cols-2">
      <AskCard />
      <ContentCard />
    </div>
  );
}
