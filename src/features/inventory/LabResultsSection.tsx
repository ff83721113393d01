/**
 * D40: the product page's "Lab results" section, rendered on the server without a client directive:
 * the lab results of the batch a shopper gets next are in the page's HTML, with or without
 * JavaScript, and with the certificate of analysis when there is one. Nothing is shown that the lab
 * did not report.
 */
import { COA_LINK_TEXT, LAB_RESULTS_HEADING, LAB_RESULTS_INTRO, labResultsView, type ProductLabResults } from './lab-results.ts';

/** `category`: the product's rules' name (ApiProduct.category). */
export default function LabResultsSection({ labResults, category }: { labResults: ProductLabResults | null; category: string }) {
  const view = labResultsView(labResults, category);
  if (!view) return null;
  return (
    <section className="mt-12 max-w-3xl" aria-labelledby="lab-results-heading">
      <h2 id="lab-results-heading" className="text-2xl font-bold">
        {LAB_RESULTS_HEADING}
      </h2>
      {view.available ? (
        <>
          <p className="mt-2 text-muted">{LAB_RESULTS_INTRO}</p>
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-2xl border border-stone-200 bg-white p-6 text-sm">
            {view.rows.map((row) => (
              <div key={row.term} className="contents">
                <dt className="font-semibold">{row.term}</dt>
                <dd className="text-stone-700">{row.detail}</dd>
              </div>
            ))}
          </dl>
          {view.coaUrl && (
            <p className="mt-4">
              <a href={view.coaUrl} className="font-medium text-brand-700 underline hover:text-brand-800" type="application/pdf">
                {COA_LINK_TEXT}
              </a>
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-stone-700">{view.message}</p>
      )}
    </section>
  );
}
