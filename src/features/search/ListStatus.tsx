import { hasMore } from './paging.ts';

/** 'Load more' under a paged product list (search, category and strain pages). */
export function LoadMore({
  shown,
  total,
  state,
  onLoad,
}: {
  shown: number;
  total: number;
  state: 'idle' | 'loading' | 'error';
  onLoad: () => void;
}) {
  if (!hasMore(shown, total)) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-muted text-sm">
        Showing {shown} of {total}
      </p>
      <button
        type="button"
        aria-disabled={state === 'loading' || undefined}
        onClick={onLoad}
        className="rounded-lg border border-brand-700 bg-white px-6 py-2 font-semibold text-brand-700 hover:bg-brand-50 aria-disabled:cursor-wait"
      >
        {state === 'loading' ? 'Loading…' : 'Load more'}
      </button>
      {state === 'error' && (
        <p role="alert" className="text-red-700 text-sm">
          Failed to fetch products. Try again.
        </p>
      )}
    </div>
  );
}

/** §2 'Failed to fetch products', with a retry. */
export function FetchFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="font-bold text-lg text-red-800">Failed to fetch products</p>
      <p className="mt-1 text-red-800 text-sm">Check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Retry
      </button>
    </div>
  );
}
