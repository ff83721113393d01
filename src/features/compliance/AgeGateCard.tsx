import Logo from '../../components/ui/Logo.tsx';
import { SITE } from '../site/settings.ts';

interface Props {
  /** Ids for the dialog's aria-labelledby / aria-describedby (the pre-hydration copy has none). */
  titleId?: string | undefined;
  textId?: string | undefined;
  onAdult?: (() => void) | undefined;
  onUnderAge?: (() => void) | undefined;
}

/**
 * What the age gate says (§2). The dialog (AgeGateDialog) shows it once hydrated; the layout
 * renders the same card into a <template> that the inline gate script shows before any
 * JavaScript has loaded, so the first paint of a new visitor's page is this card, not a blank
 * backdrop (docs/decisions/0007-age-gate.md).
 */
export default function AgeGateCard({ titleId, textId, onAdult, onUnderAge }: Props) {
  return (
    <>
      <Logo size={48} className="mx-auto" />
      <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{SITE.name}</p>
      <h2 id={titleId} className="mt-4 text-2xl font-bold">
        Age Verification
      </h2>
      <p id={textId} className="mt-3 text-muted">
        You must be {SITE.minimumAge} years or older to enter this website.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={onUnderAge}
          className="flex-1 rounded-lg border border-stone-300 px-4 py-3 font-semibold text-ink hover:bg-stone-100"
        >
          I'm under {SITE.minimumAge}
        </button>
        <button
          type="button"
          onClick={onAdult}
          className="flex-1 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
        >
          I'm {SITE.minimumAge} or older
        </button>
      </div>
    </>
  );
}
