-- D16: stock is taken by a plain decrement inside the checkout batch. Taking more than there is
-- aborts the statement, and so the whole batch (order, items, history and every other stock
-- change roll back). RAISE takes only a literal, so the checkout re-reads stock to name the product.
CREATE TRIGGER `products_stock_guard`
BEFORE UPDATE OF `stock_milli` ON `products`
WHEN NEW.`stock_milli` IS NOT NULL AND NEW.`stock_milli` < 0
BEGIN
  SELECT RAISE(ABORT, 'out_of_stock');
END;
