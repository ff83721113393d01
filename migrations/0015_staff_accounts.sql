CREATE TABLE `staff_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`admin_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_tokens_admin_idx` ON `staff_tokens` (`admin_id`);--> statement-breakpoint
CREATE INDEX `staff_tokens_expires_idx` ON `staff_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `admins` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `last_sign_in_at` integer;