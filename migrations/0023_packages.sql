CREATE TABLE `delivery_run_stops` (
	`run_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`run_id`, `order_id`),
	FOREIGN KEY (`run_id`) REFERENCES `delivery_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_run_stops_order_idx` ON `delivery_run_stops` (`order_id`);--> statement-breakpoint
CREATE TABLE `delivery_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`driver_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`date` text NOT NULL,
	`planned_departure` integer NOT NULL,
	`planned_arrival` integer NOT NULL,
	`route` text DEFAULT '' NOT NULL,
	`manifest` text,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `delivery_runs_date_idx` ON `delivery_runs` (`date`,`driver_id`);--> statement-breakpoint
CREATE TABLE `metrc_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`state` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`payload` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`claimed_until` integer,
	`last_status` integer,
	`last_answer` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `metrc_reports_order_id_unique` ON `metrc_reports` (`order_id`);--> statement-breakpoint
CREATE INDEX `metrc_reports_status_idx` ON `metrc_reports` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`colour` text DEFAULT '' NOT NULL,
	`plate` text NOT NULL,
	`registration_state` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_plate_idx` ON `vehicles` (`registration_state`,`plate`);--> statement-breakpoint
CREATE TABLE `packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tag` text,
	`product_id` integer NOT NULL,
	`unit` text NOT NULL,
	`quantity_milli` integer DEFAULT 0 NOT NULL,
	`received_milli` integer DEFAULT 0 NOT NULL,
	`batch` text DEFAULT '' NOT NULL,
	`received_on` text NOT NULL,
	`thc_percent` real,
	`cbd_percent` real,
	`thc_mg` real,
	`tested_on` text,
	`lab` text,
	`coa_key` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `packages_tag_idx` ON `packages` (`tag`) WHERE "packages"."tag" is not null;--> statement-breakpoint
CREATE INDEX `packages_fifo_idx` ON `packages` (`product_id`,`status`,`received_on`,`id`);--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `package_id` integer REFERENCES packages(id);--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `order_item_id` integer REFERENCES order_items(id);--> statement-breakpoint
CREATE INDEX `stock_movements_package_idx` ON `stock_movements` (`package_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_order_idx` ON `stock_movements` (`order_id`);--> statement-breakpoint
ALTER TABLE `drivers` ADD `employee_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `drivers` ADD `licence_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `states` ADD `metrc_license` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- D40: a row that names a package moves that package too; a finished package a cancel returns
-- stock to sells again.
CREATE TRIGGER `stock_movements_package_apply` AFTER INSERT ON `stock_movements` WHEN NEW.`package_id` IS NOT NULL BEGIN
  UPDATE `packages` SET
    `quantity_milli` = `quantity_milli` + NEW.`delta_milli`,
    `status` = CASE WHEN `quantity_milli` + NEW.`delta_milli` > 0 THEN 'active' ELSE `status` END,
    `updated_at` = unixepoch('subsec') * 1000
  WHERE `id` = NEW.`package_id`;
END;
--> statement-breakpoint
-- The same literal as products_stock_guard (0002): callers read it with isStockGuardError.
CREATE TRIGGER `packages_stock_guard` BEFORE UPDATE OF `quantity_milli` ON `packages` WHEN NEW.`quantity_milli` < 0 BEGIN
  SELECT RAISE(ABORT, 'out_of_stock');
END;
--> statement-breakpoint
-- Every move from now on names its package. A move with none means no package held the stock,
-- which is what the checkout's FIFO statements rely on to refuse an order stock cannot cover.
CREATE TRIGGER `stock_movements_package_required` BEFORE INSERT ON `stock_movements` WHEN NEW.`package_id` IS NULL BEGIN
  SELECT RAISE(ABORT, 'out_of_stock');
END;
--> statement-breakpoint
-- The stock held before packages goes into one opening package per tracked product, with no tag
-- (D40): it sells first, and its sales wait in track and trace until an admin tags it. Its received
-- date is today in New York (EDT from the second Sunday of March, EST from the first of November).
INSERT INTO `packages` (`tag`, `product_id`, `unit`, `quantity_milli`, `received_milli`, `received_on`)
SELECT NULL, p.`id`,
  CASE WHEN coalesce(c.`kind`, c.`name`) IN ('Flower', 'Concentrate') THEN 'g' ELSE 'each' END,
  p.`stock_milli`, p.`stock_milli`,
  CASE
    WHEN datetime('now') >= datetime(strftime('%Y', 'now') || '-03-01', 'weekday 0', '+7 days', '+7 hours')
     AND datetime('now') < datetime(strftime('%Y', 'now') || '-11-01', 'weekday 0', '+6 hours')
    THEN date('now', '-4 hours')
    ELSE date('now', '-5 hours') END
FROM `products` p JOIN `categories` c ON c.`id` = p.`category_id`
WHERE p.`stock_milli` IS NOT NULL;
--> statement-breakpoint
-- The ledger's earlier rows become the opening package's history, so its rows still sum to what it
-- holds and a cancel returns an earlier order's stock to it.
UPDATE `stock_movements` SET `package_id` = (
  SELECT pk.`id` FROM `packages` pk WHERE pk.`product_id` = `stock_movements`.`product_id` AND pk.`tag` IS NULL
) WHERE `package_id` IS NULL;
--> statement-breakpoint
-- An earlier sale's rows were one per product; they go to the order's first line of that product.
UPDATE `stock_movements` SET `order_item_id` = (
  SELECT oi.`id` FROM `order_items` oi
  WHERE oi.`order_id` = `stock_movements`.`order_id` AND oi.`product_id` = `stock_movements`.`product_id`
  ORDER BY oi.`id` LIMIT 1
) WHERE `order_id` IS NOT NULL AND `order_item_id` IS NULL;
