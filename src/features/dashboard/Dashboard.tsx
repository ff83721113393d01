import { type ReactNode, useEffect, useId, useState } from 'react';
import { searchApi } from '../search/search.api.ts';
import { ProductCards } from '../shop/ProductGrid.tsx';
import { buildDashboard, type DashboardData, type DashboardSection, formatAverage, formatCount, formatPercent } from './dashboard.ts';

/**
 * §2 product dashboard. The page passes the figures computed at build time (complete HTML); on
 * mount they are computed again from the live catalogue, so stock and flags are current. If the
 * API cannot be reached the build-time figures stay.
 */
export default function Dashboard({ initial }: { initial: DashboardData }) {
  const [data, setData] = useState(initial);

  useEffect(() => {
    const controller = new AbortController();
    searchApi
      .all({ signal: controller.signal })
      .then((products) => {
        if (!controller.signal.aborted) setData(buildDashboard(products));
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);

  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="dashboard-overview">
        <h2 id="dashboard-overview" className="sr-only">
          Overview
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Total products" value={formatCount(data.totalProducts)} detail={`${formatCount(data.inStock)} in stock`} />
          <Stat label="Average rating" value={formatAverage(data.averageRating)} detail={`${formatCount(data.totalReviews)} reviews`} />
          <Stat label="Featured products" value={formatCount(data.featuredCount)} detail="Hand-picked by our team" />
          <Stat label="New arrivals" value={formatCount(data.newArrivalCount)} detail="Recently added" />
        </dl>
      </section>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Inventory data={data} />
        <Insights data={data} />
      </div>

      {data.sections.map((s) => (
        <ProductSection key={s.key} section={s} />
      ))}
    </div>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div data-stat className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <dt className="font-medium text-muted text-sm">{label}</dt>
      <dd className="font-bold text-3xl text-ink">{value}</dd>
      <dd className="text-muted text-sm">{detail}</dd>
    </div>
  );
}

function Inventory({ data }: { data: DashboardData }) {
  return (
    <Panel title="Inventory by Category">
      <ul className="flex flex-col gap-4">
        {data.byCategory.map((c) => (
          <li key={c.name}>
            <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{c.name}</span>
              <span className="text-muted">
                {formatCount(c.count)} {c.count === 1 ? 'product' : 'products'} ({formatPercent(c.percent)})
              </span>
            </div>
            {/* The text above says it; the bar only draws it. */}
            <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-stone-200">
              <div className="h-full rounded-full bg-brand-700" style={{ width: `${c.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Insights({ data }: { data: DashboardData }) {
  return (
    <Panel title="Insights">
      <dl className="flex flex-col gap-4 text-sm">
        <div>
          <dt className="text-muted">Category with most products</dt>
          <dd className="font-semibold text-base">
            {data.topCategory ? `${data.topCategory.name} (${formatCount(data.topCategory.count)} products)` : 'N/A'}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Products in stock</dt>
          <dd className="mt-1 flex items-center gap-2">
            <span
              data-variant={data.stockWarning ? 'destructive' : 'success'}
              className={`rounded-full px-2.5 py-0.5 font-semibold text-white ${data.stockWarning ? 'bg-red-700' : 'bg-brand-700'}`}
            >
              {formatPercent(data.inStockPercent)}
            </span>
            <span className={data.stockWarning ? 'font-medium text-red-700' : 'text-muted'}>
              {data.stockWarning ? 'Low: restock soon' : 'Healthy'}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Average reviews per product</dt>
          <dd className="font-semibold text-base">{formatAverage(data.averageReviews)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function ProductSection({ section }: { section: DashboardSection }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="font-semibold text-2xl">
          {section.title}
        </h2>
        <a href={section.href} className="rounded font-semibold text-brand-700 text-sm hover:underline">
          View All<span className="sr-only"> {section.title}</span>
        </a>
      </div>
      {section.products.length > 0 ? (
        <ProductCards products={section.products} eagerCount={0} />
      ) : (
        <p className="text-muted">No products yet.</p>
      )}
    </section>
  );
}

/** One of the dashboard's titled cards. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-4 font-semibold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
