import type { ApiProduct } from '../catalog/catalog.ts';
import ProductGrid from './ProductGrid.tsx';

/**
 * The product page's 'You May Also Like' section: up to CATALOG.relatedCount other products, their
 * cards refreshed live like any grid. The heading comes with the island, so the page leaves the
 * whole section out when there is nothing to show.
 */
export default function RelatedProducts({ products }: { products: readonly ApiProduct[] }) {
  return (
    <section className="mt-12" aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-2xl font-bold">
        You May Also Like
      </h2>
      <div className="mt-6">
        <ProductGrid products={products} eagerCount={0} />
      </div>
    </section>
  );
}
