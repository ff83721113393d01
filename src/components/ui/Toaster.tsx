import { useStore } from '../../lib/use-store.ts';
import { $toast, dismissToast } from './toast.ts';

/** Renders the current toast. Mount once per page; any island calls showToast(). */
export default function Toaster() {
  // The page is built with no toast; one shown before this island hydrates appears right after.
  const toast = useStore($toast, { ssr: () => null });
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {toast && (
        <div
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg ${
            toast.variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-stone-200 bg-white text-ink'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
          </div>
          <button type="button" onClick={dismissToast} className="rounded p-1 text-sm hover:bg-black/5" aria-label="Dismiss notification">
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
