-- Decision 0024: the shop is one Worker whose catalogue pages Astro renders on request and the
-- admin's writes purge by cache tag, so nothing reads the catalogue version (decision 0013's stamp)
-- or the deploy hook's calls any more. The triggers that bumped the version go first: a trigger
-- left on products, categories or deals would fail every write once its table is gone.
DROP TRIGGER IF EXISTS `products_catalogue_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_catalogue_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_catalogue_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `categories_catalogue_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `categories_catalogue_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `categories_catalogue_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `deals_catalogue_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `deals_catalogue_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `deals_catalogue_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_products_catalogue_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `deal_products_catalogue_version_delete`;--> statement-breakpoint
DROP TABLE `catalogue_version`;--> statement-breakpoint
DROP TABLE `deploy_hook_calls`;
