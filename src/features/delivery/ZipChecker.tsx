import { type SubmitEvent, useId, useState } from 'react';
import { useHydrated } from '../../components/ui/useHydrated.ts';
import { ApiError } from '../../lib/api.ts';
import { ZIP_PATTERN } from '../site/settings.ts';
import { checkZip } from './delivery.api.ts';

/**
 * D31, D38: "Do you deliver to me?" A ZIP in, the quote's own line out: the zone's fee, minimum,
 * free-from threshold and the state's tax, who may buy there (patients only in DC), or a plain no
 * (not served, or the state does not sell yet, with its opening date when known); kept for the cart. Until the island has hydrated its button stays disabled and says
 * why, so the form cannot be sent as a page load (decision 0012).
 */
export default function ZipChecker() {
  const ready = useHydrated();
  const uid = useId();
  const [zip, setZip] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const wanted = zip.trim();
    if (!ZIP_PATTERN.test(wanted)) {
      setResult({ ok: false, text: 'ZIP code must be 5 digits' });
      return;
    }
    setBusy(true);
    try {
      const quote = await checkZip(wanted);
      setResult({ ok: quote.deliverable, text: quote.message });
    } catch (err) {
      setResult({ ok: false, text: err instanceof ApiError ? err.userMessage : 'We could not check that ZIP. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate method="post" onSubmit={onSubmit} className="flex flex-col gap-3" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="text-2xl font-bold">
        Do we deliver to you?
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-zip`} className="text-sm font-semibold">
            Your ZIP code
          </label>
          <input
            id={`${uid}-zip`}
            name="zip"
            value={zip}
            onChange={(e) => setZip(e.target.value)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            aria-describedby={`${uid}-result`}
            className="w-36 rounded-lg border border-stone-300 bg-white px-3 py-2 focus:border-brand-700"
          />
        </div>
        <button
          type="submit"
          disabled={!ready || busy}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {!ready ? 'Loading…' : busy ? 'Checking…' : 'Check ZIP'}
        </button>
      </div>
      <p id={`${uid}-result`} role="status" className={`min-h-6 text-sm ${result?.ok === false ? 'text-red-800' : 'text-brand-900'}`}>
        {result?.text}
      </p>
    </form>
  );
}
