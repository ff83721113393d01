CREATE TABLE `checkout_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cause` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `checkout_refusals_created_idx` ON `checkout_refusals` (`created_at`,`cause`);--> statement-breakpoint
CREATE TABLE `daily_summaries` (
	`date` text PRIMARY KEY NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`daily_summary` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_items_report_idx` ON `order_items` (`order_id`,`product_id`,`quantity`,`line_total_cents`);--> statement-breakpoint
-- R7: the one settings row; the daily summary is off until an admin turns it on.
INSERT INTO `report_settings` (`id`, `daily_summary`) VALUES (1, false);
