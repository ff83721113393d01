DROP INDEX `products_category_idx`;--> statement-breakpoint
DROP INDEX `products_subcategory_idx`;--> statement-breakpoint
CREATE INDEX `products_category_status_idx` ON `products` (`category_id`,`status`);--> statement-breakpoint
CREATE INDEX `products_subcategory_status_idx` ON `products` (`subcategory_id`,`status`);