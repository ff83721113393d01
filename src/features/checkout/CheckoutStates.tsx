/** What the checkout shows instead of its form: while the cart is read, once ordered, or empty. */

export function CheckoutLoading() {
  return (
    // A component of its own, so React replaces the placeholder rather than reshaping it into the
    // form: a node that moves and shrinks counts as a layout shift, a new one does not.
    <div className="grid animate-pulse gap-8 lg:grid-cols-[1fr_24rem]" aria-busy="true">
      {/* Said on screen, not only to screen readers: the form cannot be used until it is drawn. */}
      <div className="h-96 rounded-2xl bg-stone-200 p-6 font-semibold text-stone-700">Loading checkout…</div>
      <div className="h-64 rounded-2xl bg-stone-200" />
    </div>
  );
}

export function OrderPlaced() {
  return (
    <div role="status" className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold">Order Placed!</h1>
      <p className="mt-3 text-muted">Thank you for your order! Taking you to your order confirmation…</p>
    </div>
  );
}

export function EmptyCheckout() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold">Your cart is empty</h1>
      <p className="mt-3 text-muted">Add some products to your cart before proceeding to checkout.</p>
      <a href="/#products" className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Browse Products
      </a>
    </div>
  );
}
