/**
 * The static parts of the product, category, strain and deals pages: what they show of the
 * catalogue outside their islands. The .astro pages render them without a client directive, so they
 * ship no JavaScript.
 */
import type { ReactElement, ReactNode } from 'react';
import { STRAIN_THEME_CLASSES, strainTheme } from './card.ts';
import { type ApiCategory, splitList } from './catalog.ts';

/** The product page's breadcrumb; `name` null on the page of a product that is not found. */
function ProductBreadcrumb({ name }: { name: string | null }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
      <ol className="flex flex-wrap gap-2">
        <li>
          <a className="hover:underline" href="/">
            Home
          </a>{' '}
          <span aria-hidden="true">/</span>
        </li>
        <li>
          <a className="hover:underline" href="/#products">
            Products
          </a>
          {name != null && <span aria-hidden="true"> /</span>}
        </li>
        {name != null && (
          <li aria-current="page" className="font-medium text-ink">
            {name}
          </li>
        )}
      </ol>
    </nav>
  );
}

/** The long description staff saved in the SEO manager, one paragraph per blank-line block. */
function ProductAbout({ name, paragraphs }: { name: string; paragraphs: readonly string[] }) {
  if (paragraphs.length === 0) return null;
  return (
    <section className="mt-12 max-w-3xl" aria-labelledby="about-heading">
      <h2 id="about-heading" className="text-2xl font-bold">
        About {name}
      </h2>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs are fixed text in a fixed order.
        <p key={i} className="mt-4 text-stone-700">
          {p}
        </p>
      ))}
    </section>
  );
}

/** The category and strain pages' breadcrumb: Home, the parent category if any, the page. */
function Crumbs({ current, parent }: { current: string; parent?: { href: string; label: string } | undefined }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-2">
        {[{ href: '/', label: 'Home' }, ...(parent ? [parent] : [])].map((link) => (
          <li key={link.href}>
            <a className="hover:underline" href={link.href}>
              {link.label}
            </a>{' '}
            <span aria-hidden="true">&gt;</span>
          </li>
        ))}
        <li aria-current="page" className="font-medium text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** A listing page's title and the lines under it. */
function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="mt-4 mb-8">
      <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
      {children}
    </header>
  );
}

function CategoryHeader({ name, description }: { name: string; description: string }) {
  return (
    <>
      <Crumbs current={name} />
      <PageHeader title={name}>{description && <p className="mt-2 max-w-3xl text-muted">{description}</p>}</PageHeader>
    </>
  );
}

/** §2: the strain page's header takes the colour of its strain type. */
function StrainHeader({ strain, parent }: { strain: ApiCategory; parent: Pick<ApiCategory, 'name' | 'slug'> | null }) {
  const theme = STRAIN_THEME_CLASSES[strainTheme(strain.strainType)];
  const effects = splitList(strain.effects);
  const bestFor = splitList(strain.bestFor);
  const chips = (items: string[]) => (
    <ul className="mt-2 flex flex-wrap gap-2">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; two effects may share a name.
        <li key={i} className={`rounded-full border px-3 py-1 text-sm font-medium ${theme.chip}`}>
          {item}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <Crumbs current={strain.name} parent={parent ? { href: `/categories/${parent.slug}`, label: parent.name } : undefined} />
      <header className={`mt-4 mb-8 rounded-2xl border p-6 md:p-8 ${theme.header}`}>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold md:text-4xl">{strain.name}</h1>
          {strain.strainType && <span className={`rounded-full px-3 py-1 text-sm font-semibold ${theme.badge}`}>{strain.strainType}</span>}
        </div>
        {strain.description && <p className="mt-3 max-w-3xl">{strain.description}</p>}
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {effects.length > 0 && (
            <div>
              <h2 className="text-sm font-semibold uppercase tracking-wide">Effects</h2>
              {chips(effects)}
            </div>
          )}
          {bestFor.length > 0 && (
            <div>
              <h2 className="text-sm font-semibold uppercase tracking-wide">Best for</h2>
              {chips(bestFor)}
            </div>
          )}
        </div>
      </header>
    </>
  );
}

/** `offer`: the headline's percent ('40% OFF', or 'Up to N% off' when deals differ). */
function DealsHeader({ offer, count }: { offer: string; count: number }) {
  return (
    <>
      <a href="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">&larr;</span> Back to Home
      </a>
      <PageHeader title="Special Deals">
        <p className="mt-2 max-w-3xl text-muted">
          {offer} on {count} hand-picked products while they last. The price you see is the price you pay at checkout.
        </p>
      </PageHeader>
    </>
  );
}

const PARTS = {
  productBreadcrumb: ProductBreadcrumb,
  productAbout: ProductAbout,
  categoryHeader: CategoryHeader,
  strainHeader: StrainHeader,
  dealsHeader: DealsHeader,
};

export type PartName = keyof typeof PARTS;
export type PartProps<K extends PartName> = Parameters<(typeof PARTS)[K]>[0];

/** One part by name, with its props (catalog-pages.ts makes them). */
export default function PagePart<K extends PartName>({ part, props }: { part: K; props: PartProps<K> }) {
  const Part = PARTS[part] as (p: PartProps<K>) => ReactElement;
  return <Part {...props} />;
}
