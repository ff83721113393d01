CREATE TABLE `door_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`reason` text NOT NULL,
	`id_type` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`id_last4` text NOT NULL,
	`message` text NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `door_refusals_order_idx` ON `door_refusals` (`order_id`);--> statement-breakpoint
ALTER TABLE `delivery_proofs` ADD `registry_last4` text;--> statement-breakpoint
ALTER TABLE `delivery_proofs` ADD `registry_expires_on` text;--> statement-breakpoint
ALTER TABLE `delivery_proofs` ADD `registry_name_matched` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `patient_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `patient_expires_on` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `phone_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `email_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `sale_day` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `limit_flower_g` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `limit_concentrate_g` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `limit_edible_thc_mg` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_phone_day_idx` ON `orders` (`phone_key`,`sale_day`);--> statement-breakpoint
CREATE INDEX `orders_email_day_idx` ON `orders` (`email_key`,`sale_day`);--> statement-breakpoint
-- D39: orders placed before this migration get the keys checkout now writes (compliance/person.ts):
-- the phone's digits without a leading US 1, the e-mail lowercased without a +tag.
UPDATE `orders` SET `phone_key` = replace(replace(replace(replace(replace(replace(replace(replace(trim(`phone`), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), char(9), ''), char(10), '');
--> statement-breakpoint
UPDATE `orders` SET `phone_key` = substr(`phone_key`, 2) WHERE length(`phone_key`) = 11 AND `phone_key` LIKE '1%';
--> statement-breakpoint
UPDATE `orders` SET `email_key` = CASE
  WHEN instr(substr(lower(trim(`email`)), 1, instr(lower(trim(`email`)), '@') - 1), '+') > 0
  THEN substr(lower(trim(`email`)), 1, instr(lower(trim(`email`)), '+') - 1) || substr(lower(trim(`email`)), instr(lower(trim(`email`)), '@'))
  ELSE lower(trim(`email`)) END;
--> statement-breakpoint
-- The New York date of placing: EDT (UTC-4) from the second Sunday of March 07:00 UTC to the first
-- Sunday of November 06:00 UTC, EST (UTC-5) otherwise.
UPDATE `orders` SET `sale_day` = CASE
  WHEN datetime(`created_at` / 1000, 'unixepoch') >= datetime(strftime('%Y', `created_at` / 1000, 'unixepoch') || '-03-01', 'weekday 0', '+7 days', '+7 hours')
   AND datetime(`created_at` / 1000, 'unixepoch') < datetime(strftime('%Y', `created_at` / 1000, 'unixepoch') || '-11-01', 'weekday 0', '+6 hours')
  THEN date(`created_at` / 1000 - 4 * 3600, 'unixepoch')
  ELSE date(`created_at` / 1000 - 5 * 3600, 'unixepoch') END;
--> statement-breakpoint
-- What each earlier order counts against the limits, from its items as compliance/limits.ts counts
-- them: a weight's grams (catalogue's WEIGHT_OPTIONS) or the product's net grams, and edibles' THC.
UPDATE `orders` SET
  `limit_flower_g` = coalesce((SELECT sum(oi.`quantity` * CASE oi.`weight` WHEN '3.5g' THEN 3.5 WHEN '7g' THEN 7 WHEN 'half-oz' THEN 14 WHEN 'oz' THEN 28 ELSE coalesce(p.`net_grams`, 0) END)
    FROM `order_items` oi LEFT JOIN `products` p ON p.`id` = oi.`product_id` WHERE oi.`order_id` = `orders`.`id` AND oi.`category` IN ('Flower', 'Pre-roll')), 0),
  `limit_concentrate_g` = coalesce((SELECT sum(oi.`quantity` * CASE oi.`weight` WHEN '1g' THEN 1 WHEN '2g' THEN 2 WHEN '3.5g' THEN 3.5 WHEN '7g' THEN 7 ELSE coalesce(p.`net_grams`, 0) END)
    FROM `order_items` oi LEFT JOIN `products` p ON p.`id` = oi.`product_id` WHERE oi.`order_id` = `orders`.`id` AND oi.`category` IN ('Concentrate', 'Vaporizer')), 0),
  `limit_edible_thc_mg` = coalesce((SELECT sum(oi.`quantity` * coalesce(p.`thc_mg`, 0))
    FROM `order_items` oi LEFT JOIN `products` p ON p.`id` = oi.`product_id` WHERE oi.`order_id` = `orders`.`id` AND oi.`category` = 'Edible'), 0);
--> statement-breakpoint
-- D39: the day's limits hold under concurrency. Checkout checks them on what it read; this trigger
-- checks them again inside the write, so two orders racing past the read cannot both pass. The
-- new row is already in the sum. RAISE takes only a literal: checkout reads again to say what remains.
CREATE TRIGGER `orders_daily_limit`
AFTER INSERT ON `orders`
WHEN NEW.`sale_day` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'daily_limit')
  FROM `purchase_limits` pl JOIN `states` s ON s.`code` = pl.`state` AND s.`limit_scope` = 'day'
  WHERE pl.`state` = NEW.`delivery_state`
    AND (SELECT coalesce(sum(CASE pl.`kind` WHEN 'flower' THEN o.`limit_flower_g` WHEN 'concentrate' THEN o.`limit_concentrate_g` ELSE o.`limit_edible_thc_mg` END), 0)
         FROM `orders` o
         WHERE o.`sale_day` = NEW.`sale_day` AND o.`delivery_state` = NEW.`delivery_state` AND o.`status` <> 'cancelled'
           AND (o.`phone_key` = NEW.`phone_key` OR o.`email_key` = NEW.`email_key`)) > pl.`limit_amount` + 0.0005;
END;
