CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`field` text NOT NULL,
	`from_value` text,
	`to_value` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`id`);--> statement-breakpoint
CREATE TABLE `deal_products` (
	`deal_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_products_pk` ON `deal_products` (`deal_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `deal_products_product_idx` ON `deal_products` (`product_id`);--> statement-breakpoint
CREATE TABLE `deals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`percent_off` integer NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `deploy_hook_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`catalogue_version` integer NOT NULL,
	`called_at` integer NOT NULL,
	`status` integer,
	`error` text
);
--> statement-breakpoint
CREATE TABLE `slug_redirects` (
	`kind` text NOT NULL,
	`old_slug` text NOT NULL,
	`target_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slug_redirects_pk` ON `slug_redirects` (`kind`,`old_slug`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`delta_milli` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`actor` text NOT NULL,
	`order_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_movements_product_idx` ON `stock_movements` (`product_id`,`id`);--> statement-breakpoint
ALTER TABLE `categories` ADD `retired` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `low_stock_milli` integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_status_idx` ON `products` (`status`);--> statement-breakpoint
-- D33: the ledger opens with what each tracked product holds now, before its trigger exists.
INSERT INTO `stock_movements` (`product_id`, `delta_milli`, `reason`, `note`, `actor`)
SELECT `id`, `stock_milli`, 'correction', 'Opening balance', 'system' FROM `products` WHERE `stock_milli` IS NOT NULL AND `stock_milli` <> 0;
--> statement-breakpoint
-- A product's stock is the sum of its ledger rows: each row adds its delta, and the stock guard
-- (0002) aborts a row that would take it below zero, with the whole transaction around it.
CREATE TRIGGER `stock_movements_apply` AFTER INSERT ON `stock_movements` BEGIN
  UPDATE `products` SET `stock_milli` = coalesce(`stock_milli`, 0) + NEW.`delta_milli` WHERE `id` = NEW.`product_id`;
END;
--> statement-breakpoint
-- Decision 0013: the version counts changes to what pages show; a stock count is not one of them
-- (islands refresh it live), so a sale does not make every built page stale.
DROP TRIGGER `products_catalogue_version_update`;
--> statement-breakpoint
CREATE TRIGGER `products_catalogue_version_update` AFTER UPDATE OF
  `slug`, `name`, `description`, `price_cents`, `sale_price_cents`, `image`, `rating`, `reviews`, `category_id`,
  `subcategory_id`, `thc_percent`, `cbd_percent`, `thc_mg`, `net_grams`, `effects`, `flavor`, `strain_type`, `origin`,
  `available`, `is_new_arrival`, `is_best_seller`, `is_featured`, `is_organic`, `status`, `price_1g_cents`,
  `price_2g_cents`, `price_3_5g_cents`, `price_7g_cents`, `price_half_oz_cents`, `price_oz_cents`, `seo_title`,
  `seo_description`, `seo_h1`, `seo_body`, `seo_keywords`
ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deals_catalogue_version_insert` AFTER INSERT ON `deals` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deals_catalogue_version_update` AFTER UPDATE ON `deals` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deals_catalogue_version_delete` AFTER DELETE ON `deals` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_products_catalogue_version_insert` AFTER INSERT ON `deal_products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `deal_products_catalogue_version_delete` AFTER DELETE ON `deal_products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- D32: the fixed rule this replaces (the catalogue's first six products at 40% off) becomes the
-- first deal of a shop that already has products; a new shop gets it from the seed.
INSERT INTO `deals` (`name`, `percent_off`) SELECT 'Weekly picks', 40 WHERE EXISTS (SELECT 1 FROM `products`);
--> statement-breakpoint
INSERT INTO `deal_products` (`deal_id`, `product_id`)
SELECT (SELECT max(`id`) FROM `deals`), `id` FROM `products` WHERE EXISTS (SELECT 1 FROM `deals`) ORDER BY `id` LIMIT 6;
--> statement-breakpoint
-- M1: search indexes active products only, so a draft or archived product is never found; a
-- status change adds or removes the product's row, and a category or strain's new name reaches
-- the rows of its products.
DELETE FROM `products_fts` WHERE `rowid` IN (SELECT `id` FROM `products` WHERE `status` <> 'active');
--> statement-breakpoint
DROP TRIGGER `products_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `products_fts_update`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` WHEN NEW.`status` = 'active' BEGIN
  INSERT INTO `products_fts` (`rowid`, `name`, `description`, `category`, `strain`, `effects`, `flavor`)
  VALUES (
    NEW.`id`, NEW.`name`, NEW.`description`,
    (SELECT `name` FROM `categories` WHERE `id` = NEW.`category_id`),
    coalesce((SELECT `name` FROM `categories` WHERE `id` = NEW.`subcategory_id`), '') || ' ' || coalesce(NEW.`strain_type`, ''),
    NEW.`effects`, coalesce(NEW.`flavor`, '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF `name`, `description`, `category_id`, `subcategory_id`, `strain_type`, `effects`, `flavor`, `status` ON `products` BEGIN
  DELETE FROM `products_fts` WHERE `rowid` = OLD.`id`;
  INSERT INTO `products_fts` (`rowid`, `name`, `description`, `category`, `strain`, `effects`, `flavor`)
  SELECT
    NEW.`id`, NEW.`name`, NEW.`description`,
    (SELECT `name` FROM `categories` WHERE `id` = NEW.`category_id`),
    coalesce((SELECT `name` FROM `categories` WHERE `id` = NEW.`subcategory_id`), '') || ' ' || coalesce(NEW.`strain_type`, ''),
    NEW.`effects`, coalesce(NEW.`flavor`, '')
  WHERE NEW.`status` = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_fts_rename` AFTER UPDATE OF `name` ON `categories` BEGIN
  DELETE FROM `products_fts` WHERE `rowid` IN (SELECT `id` FROM `products` WHERE `category_id` = NEW.`id` OR `subcategory_id` = NEW.`id`);
  INSERT INTO `products_fts` (`rowid`, `name`, `description`, `category`, `strain`, `effects`, `flavor`)
  SELECT p.`id`, p.`name`, p.`description`, c.`name`, coalesce(s.`name`, '') || ' ' || coalesce(p.`strain_type`, ''), p.`effects`, coalesce(p.`flavor`, '')
  FROM `products` p
  JOIN `categories` c ON c.`id` = p.`category_id`
  LEFT JOIN `categories` s ON s.`id` = p.`subcategory_id`
  WHERE (p.`category_id` = NEW.`id` OR p.`subcategory_id` = NEW.`id`) AND p.`status` = 'active';
END;
