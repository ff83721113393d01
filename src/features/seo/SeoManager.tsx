import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { showToast } from '../../components/ui/toast.ts';
import { AdminGate } from '../admin/AdminSession.tsx';
import { errorMessage, isUnauthorized } from '../admin/admin-ui.ts';
import { AuditTool, BlogTool, CategoryTool, KeywordTool, ProductTool } from './SeoTools.tsx';
import { SEO_TOASTS } from './seo.ts';
import { type Job, type Runner, toLogin } from './seo-ui.ts';

const TABS = [
  { id: 'product', label: 'Product SEO' },
  { id: 'category', label: 'Category SEO' },
  { id: 'audit', label: 'SEO Audit' },
  { id: 'blog', label: 'Blog Content' },
  { id: 'keywords', label: 'Keywords' },
] as const;
type TabId = (typeof TABS)[number]['id'] & Job;

/** /seo-manager (admin.md §2 AI SEO manager): five tools behind the session check. */
export default function SeoManager() {
  return (
    <div className="flex flex-col gap-6">
      <p>
        <a href="/admin#seo" className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back to Admin
        </a>
      </p>
      <AdminGate>
        <Tools />
      </AdminGate>
    </div>
  );
}

function Tools() {
  const [active, setActive] = useState<TabId>('product');
  const [busy, setBusy] = useState<Job | null>(null);
  // The state updates a render later; the ref stops a second click in the same tick.
  const busyRef = useRef(false);
  const baseId = useId();
  const refs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  const run = useCallback<Runner['run']>(async (job, call, options) => {
    if (busyRef.current) return null;
    busyRef.current = true;
    setBusy(job);
    const toasts = SEO_TOASTS[job];
    try {
      const answer = await call();
      if (!answer.success) {
        showToast({ title: toasts.failure, variant: 'destructive' });
        return null;
      }
      showToast({ title: toasts.success, ...(answer.notice ? { description: answer.notice } : {}) });
      return answer;
    } catch (err) {
      if (isUnauthorized(err)) {
        toLogin();
        return null;
      }
      if (!options?.onError?.(err)) {
        showToast({ title: toasts.failure, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
      return null;
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  }, []);
  const runner: Runner = { busy, run };

  // WAI-ARIA tabs with automatic activation: arrows move and select, Home and End jump.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const tab = TABS[(target + TABS.length) % TABS.length]?.id ?? 'product';
    setActive(tab);
    refs.current[tab]?.focus();
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">AI SEO Manager</h1>
        <p className="mt-1 text-muted">
          Generate product and category SEO, audit the shop's pages, draft blog posts and research keywords.
        </p>
      </div>
      <div role="tablist" aria-label="SEO tools" className="relative flex gap-1 overflow-x-auto border-b border-stone-300">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
            onKeyDown={onKeyDown}
            className={`whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${
              active === tab.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        // Every panel stays mounted, so a result survives a look at another tool.
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={active !== tab.id}
        >
          {tab.id === 'product' && <ProductTool runner={runner} />}
          {tab.id === 'category' && <CategoryTool runner={runner} />}
          {tab.id === 'audit' && <AuditTool runner={runner} />}
          {tab.id === 'blog' && <BlogTool runner={runner} />}
          {tab.id === 'keywords' && <KeywordTool runner={runner} />}
        </div>
      ))}
    </div>
  );
}
