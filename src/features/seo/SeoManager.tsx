import { useCallback, useRef, useState } from 'react';
import { AdminGate } from '../../components/admin/AdminSession.tsx';
import { errorMessage, isUnauthorized } from '../../components/admin/admin-ui.ts';
import Tabs from '../../components/ui/Tabs.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { AuditTool } from './AuditTool.tsx';
import { BlogTool } from './BlogTool.tsx';
import { CategoryTool } from './CategoryTool.tsx';
import { KeywordTool } from './KeywordTool.tsx';
import { ProductTool } from './ProductTool.tsx';
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

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">AI SEO Manager</h1>
        <p className="mt-1 text-muted">
          Generate product and category SEO, audit the shop's pages, draft blog posts and research keywords.
        </p>
      </div>
      {/* Every panel stays mounted, so a result survives a look at another tool. */}
      <Tabs label="SEO tools" tabs={TABS} active={active} onSelect={setActive} panel={(id) => <Tool id={id} runner={runner} />} />
    </div>
  );
}

function Tool({ id, runner }: { id: TabId; runner: Runner }) {
  switch (id) {
    case 'product':
      return <ProductTool runner={runner} />;
    case 'category':
      return <CategoryTool runner={runner} />;
    case 'audit':
      return <AuditTool runner={runner} />;
    case 'blog':
      return <BlogTool runner={runner} />;
    case 'keywords':
      return <KeywordTool runner={runner} />;
  }
}
