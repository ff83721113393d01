-- Issue 10: the API's read cache serves a kept answer only while this version is unchanged; every
-- write to products or categories (admin, checkout stock, scripts) bumps it here, in the database,
-- so no code path can forget to.
CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`epoch` text NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `epoch`, `version`) VALUES (1, lower(hex(randomblob(8))), 0);
--> statement-breakpoint
CREATE TRIGGER `products_catalogue_version_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_catalogue_version_update` AFTER UPDATE ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_catalogue_version_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_catalogue_version_insert` AFTER INSERT ON `categories` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_catalogue_version_update` AFTER UPDATE ON `categories` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_catalogue_version_delete` AFTER DELETE ON `categories` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
