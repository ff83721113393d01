-- FTS5's built-in `rank` column ranks with these bm25 column weights (name, description, category,
-- strain, effects, flavor), so one MATCH both filters and orders: a name match ranks first.
INSERT INTO `products_fts` (`products_fts`, `rank`) VALUES ('rank', 'bm25(10.0, 1.0, 3.0, 5.0, 2.0, 2.0)');
