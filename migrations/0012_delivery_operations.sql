CREATE TABLE `delivery_closed_dates` (
	`date` text PRIMARY KEY NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `delivery_proofs` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`id_type` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`id_last4` text NOT NULL,
	`cash_collected_cents` integer NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `delivery_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`cutoff_minutes` integer NOT NULL,
	`days_ahead` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `delivery_windows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	`capacity` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_windows_start_idx` ON `delivery_windows` (`weekday`,`start_minute`);--> statement-breakpoint
CREATE TABLE `drivers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`staff_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drivers_staff_id_unique` ON `drivers` (`staff_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `window_start` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `window_end` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `window_capacity` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_status` text DEFAULT 'unassigned' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `driver_id` integer REFERENCES drivers(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_failure_reason` text;--> statement-breakpoint
CREATE INDEX `orders_window_idx` ON `orders` (`window_start`);--> statement-breakpoint
CREATE INDEX `orders_driver_idx` ON `orders` (`driver_id`,`window_start`);--> statement-breakpoint
ALTER TABLE `admins` ADD `role` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
-- D36: a window takes at most the capacity it had when booked. Checked inside the checkout's own
-- write transaction, so two concurrent checkouts cannot both take its last place; a cancelled
-- order gives its place back.
CREATE TRIGGER `orders_window_capacity` BEFORE INSERT ON `orders`
WHEN NEW.`window_start` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'window_full')
  WHERE (SELECT count(*) FROM `orders` WHERE `window_start` = NEW.`window_start` AND `status` <> 'cancelled') >= NEW.`window_capacity`;
END;--> statement-breakpoint
-- D36: the schedule every shop starts with: the spec's Morning (9am-12pm), Afternoon (12pm-5pm)
-- and Evening (5pm-9pm) windows on every day of the week, 10 orders each, bookable until 60
-- minutes before a window starts and up to 6 days ahead. Staff change all of it as data.
INSERT INTO `delivery_windows` (`weekday`, `start_minute`, `end_minute`, `capacity`)
  WITH RECURSIVE d(w) AS (SELECT 0 UNION ALL SELECT w + 1 FROM d WHERE w < 6)
  SELECT w, s, e, 10 FROM d, (SELECT 540 AS s, 720 AS e UNION ALL SELECT 720, 1020 UNION ALL SELECT 1020, 1260)
  ORDER BY w, s;--> statement-breakpoint
INSERT INTO `delivery_settings` (`id`, `cutoff_minutes`, `days_ahead`) VALUES (1, 60, 6);
--> statement-breakpoint
-- D30: orders already out or delivered carry that delivery state.
UPDATE `orders` SET `delivery_status` = CASE `status` WHEN 'shipped' THEN 'out' WHEN 'delivered' THEN 'delivered' ELSE 'unassigned' END;
