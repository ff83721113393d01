ALTER TABLE `products` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `products` ADD `seo_description` text;--> statement-breakpoint
ALTER TABLE `products` ADD `seo_h1` text;--> statement-breakpoint
ALTER TABLE `products` ADD `seo_body` text;--> statement-breakpoint
ALTER TABLE `products` ADD `seo_keywords` text;--> statement-breakpoint
ALTER TABLE `products` ADD `seo_overridden` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `seo_updated_at` integer;